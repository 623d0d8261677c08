"""Shipping and payment methods offered at checkout, and the totals they make.

Pure. Flat Rate is $5.00 per item (Magento's sample configuration, and what every seeded
order used); Table Rate a flat $15.00 per order; Free Shipping only for subtotals of $100
and more. Payment by check / money order or cash on delivery.
"""

from __future__ import annotations

from dataclasses import dataclass

FLAT_RATE_PER_ITEM = 500
TABLE_RATE = 1500
FREE_SHIPPING_FROM = 10000
PAYMENT_METHODS = {"checkmo": "Check / Money order", "cashondelivery": "Cash On Delivery"}


@dataclass(frozen=True, slots=True)
class ShippingRate:
    code: str  # carrier_method, e.g. flatrate_flatrate
    carrier: str
    method: str
    amount: int

    @property
    def label(self) -> str:
        """What orders record as the shipping description: "Flat Rate - Fixed"."""
        return f"{self.carrier} - {self.method}"


@dataclass(frozen=True, slots=True)
class Totals:
    subtotal: int
    shipping: int | None  # None until a method is chosen
    items_qty: int

    @property
    def grand_total(self) -> int:
        return self.subtotal + (self.shipping or 0)


def shipping_rates(subtotal: int, items_qty: int) -> list[ShippingRate]:
    """The methods available for a cart of this subtotal and number of items."""
    rates = [
        ShippingRate("flatrate_flatrate", "Flat Rate", "Fixed", FLAT_RATE_PER_ITEM * items_qty),
        ShippingRate("tablerate_bestway", "Best Way", "Table Rate", TABLE_RATE),
    ]
    if subtotal >= FREE_SHIPPING_FROM:
        rates.append(ShippingRate("freeshipping_freeshipping", "Free Shipping", "Free", 0))
    return rates


def shipping_rate(code: str | None, subtotal: int, items_qty: int) -> ShippingRate | None:
    return next((r for r in shipping_rates(subtotal, items_qty) if r.code == code), None)
