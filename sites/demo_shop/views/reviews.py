"""Reviews: the list a product page fetches after loading, posting a review, and the
customer's own reviews (My Product Reviews).
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request
from flask.typing import ResponseReturnValue

from ..store.catalog import product_by_id
from ..store.reviews import (
    RATING_FIELD,
    add_review,
    customer_review,
    customer_reviews,
    product_reviews,
    rating_from_option,
)
from .context import add_message, current_customer, db, require_form_key, shop_session, signed_in

bp = Blueprint("reviews", __name__)
_MAX = {"nickname": 128, "title": 255, "detail": 5000}


@bp.get("/review/product/listAjax/id/<int:product_id>/")
def list_fragment(product_id: int) -> ResponseReturnValue:
    product = product_by_id(db(), product_id)
    if product is None:
        abort(404)
    return render_template(
        "reviews_list.html", product=product, reviews=product_reviews(db(), product_id)
    )


@bp.post("/review/product/post/id/<int:product_id>/")
def post(product_id: int) -> ResponseReturnValue:
    require_form_key()
    product = product_by_id(db(), product_id)
    if product is None:
        abort(404)
    values = {k: request.form.get(k, "").strip() for k in ("nickname", "title", "detail")}
    rating = rating_from_option(request.form.get(RATING_FIELD, ""))
    problems = []
    if rating is None:
        problems.append("Please select one of each of the ratings above.")
    labels = {"nickname": "Nickname", "title": "Summary", "detail": "Review"}
    missing = [labels[k] for k, v in values.items() if not v]
    if missing:
        problems.append(f"Please fill in the required fields: {', '.join(missing)}.")
    if any(len(values[k]) > n for k, n in _MAX.items()):
        problems.append("Your review is too long.")
    if problems or rating is None:
        add_message("error", " ".join(problems))
        shop_session().form_data = {"product": str(product.id), **values}
        return redirect(f"{product.url}#review-form")
    customer = current_customer()
    add_review(
        db(),
        product.id,
        customer.id if customer else None,
        nickname=values["nickname"],
        title=values["title"],
        detail=values["detail"],
        rating=rating,
    )
    add_message("success", "You submitted your review for moderation.")
    return redirect(product.url)


@bp.get("/review/customer/")
@bp.get("/review/customer/index/")
def mine() -> ResponseReturnValue:
    customer = signed_in()
    return render_template(
        "account/reviews.html", reviews=customer_reviews(db(), customer.id), nav="reviews"
    )


@bp.get("/review/customer/view/id/<int:review_id>/")
def view(review_id: int) -> ResponseReturnValue:
    customer = signed_in()
    review = customer_review(db(), customer.id, review_id)
    if review is None:
        abort(404)
    return render_template("account/review_view.html", review=review, nav="reviews")
