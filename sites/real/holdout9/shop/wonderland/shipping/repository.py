"""Two shipping methods instead of Oscar's single free one, so checkout shows its
shipping-method step (the example of Oscar's shipping docs)."""

from decimal import Decimal as D

from oscar.apps.shipping import methods, repository


class Standard(methods.FixedPrice):
    code = "standard"
    name = "Standard post (3-5 days)"
    charge_excl_tax = D("3.50")
    charge_incl_tax = D("3.50")


class Express(methods.FixedPrice):
    code = "express"
    name = "Express by White Rabbit (next day)"
    charge_excl_tax = D("7.95")
    charge_incl_tax = D("7.95")


class Repository(repository.Repository):
    methods = (Standard(), Express())
