"""The shop's pages, one blueprint per part of the site."""

from __future__ import annotations

from flask import Flask

from . import (
    account,
    addresses,
    cart,
    catalog,
    checkout,
    context,
    errors,
    orders,
    pages,
    rest,
    reviews,
    wishlist,
)


def register(app: Flask) -> None:
    context.init_app(app)
    errors.init_app(app)
    for module in (
        account,
        addresses,
        cart,
        checkout,
        orders,
        pages,
        rest,
        reviews,
        wishlist,
        catalog,
    ):
        app.register_blueprint(module.bp)
