"""The product page: options, quantity, Add to Cart, Add to Wish List, and the tabs
"Details", "More Information" and "Reviews (N)" whose list is fetched after the page loads.
"""

from __future__ import annotations

from flask import render_template, request

from ..store.catalog import Product, option_groups, product_attributes
from ..urls import encode_uenc
from .context import category_tree, current_customer, db, shop_session


def product_page(product: Product) -> str:
    session = shop_session()
    review_form = session.form_data if session.form_data.get("product") == str(product.id) else {}
    session.form_data = {}
    customer = current_customer()
    if not review_form and customer is not None:
        review_form = {"nickname": customer.firstname}
    return render_template(
        "product.html",
        product=product,
        groups=option_groups(db(), product.id),
        attributes=product_attributes(db(), product.id),
        crumbs=category_tree().ancestors(product.category_id),
        uenc=encode_uenc(request.url),
        review_form=review_form,
    )
