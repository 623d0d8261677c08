"""How the shop writes money and dates, as Magento's Luma theme does (Jinja filters)."""

from __future__ import annotations

from datetime import datetime

from flask import Flask


def money(cents: int) -> str:
    """`$1,234.50`; negative amounts as `-$5.00`."""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}${dollars:,}.{rest:02d}"


def short_date(stamp: str) -> str:
    """`3/11/23`, the My Orders date column."""
    moment = datetime.fromisoformat(stamp)
    return f"{moment.month}/{moment.day}/{moment:%y}"


def long_date(stamp: str) -> str:
    """`March 11, 2023`, the order page's date."""
    moment = datetime.fromisoformat(stamp)
    return f"{moment:%B} {moment.day}, {moment.year}"


def iso_date(stamp: str) -> str:
    return datetime.fromisoformat(stamp).date().isoformat()


def init_app(app: Flask) -> None:
    app.add_template_filter(money)
    app.add_template_filter(short_date)
    app.add_template_filter(long_date)
    app.add_template_filter(iso_date)
