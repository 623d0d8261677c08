"""Seed the pretix of sites/real/holdout33 with "Wonderland Events": run by `setup` with the
app's own Python and settings (PRETIX_CONFIG_FILE, DJANGO_SETTINGS_MODULE), on a freshly
migrated database, with alice's password in WEBAGENT_REAL_PASSWORD (never written to a file).

Users, the organizer and its teams are made with pretix's models (pretix has no API for them;
`Organizer.save` makes its defaults as the control panel does); everything else (events,
categories, products, variations, quotas, questions, vouchers, customers, orders) goes through
pretix's own REST API, called in this process with a team API token, as an integration would.
"""

from __future__ import annotations

import json
import os
import sys

import django

django.setup()

from django.test import Client  # noqa: E402
from django_scopes import scopes_disabled  # noqa: E402
from i18nfield.strings import LazyI18nString  # noqa: E402
from pretix.base.models import Customer, Event, Organizer, Team, User  # noqa: E402

PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]
HOST = os.environ.get("SEED_HOST", "127.0.0.1:8115")
ORG = "wonderland"


def en(text: str) -> dict:
    return {"en": text}


class Api:
    def __init__(self, token: str) -> None:
        self.client = Client(HTTP_HOST=HOST, HTTP_AUTHORIZATION=f"Token {token}")

    def call(self, method: str, path: str, data: dict | None = None) -> dict:
        url = f"/api/v1/organizers/{ORG}/{path}"
        r = getattr(self.client, method)(
            url, json.dumps(data or {}), content_type="application/json"
        )
        if r.status_code >= 300:
            sys.exit(
                f"seed: {method.upper()} {url} -> {r.status_code}: {r.content.decode()[:2000]}"
            )
        return r.json() if r.content else {}

    def post(self, path: str, data: dict | None = None) -> dict:
        return self.call("post", path, data)

    def patch(self, path: str, data: dict) -> dict:
        return self.call("patch", path, data)


PLUGINS = [
    "pretix.plugins.banktransfer",
    "pretix.plugins.ticketoutputpdf",
    "pretix.plugins.sendmail",
    "pretix.plugins.statistics",
]


def people() -> tuple[Organizer, str]:
    with scopes_disabled():
        alice = User.objects.create_user(
            "alice@wonderland.example", PASSWORD, fullname="Alice Liddell"
        )
        # the Mad Hatter gets the same password (so that capturing redacts it too)
        hatter = User.objects.create_user(
            "hatter@wonderland.example", PASSWORD, fullname="The Mad Hatter"
        )
        User.objects.create_user("rabbit@wonderland.example", PASSWORD, fullname="The White Rabbit")
        org = Organizer.objects.create(name="Wonderland Events", slug=ORG)
        org.set_active_plugins(["pretix.plugins.banktransfer"])  # a hybrid plugin: organizer first
        org.save()
        org.settings.set("customer_accounts", True)
        org.settings.set(
            "organizer_homepage_text",
            LazyI18nString(
                en(
                    "Tea parties, croquet tournaments and races held down the rabbit-hole "
                    "since 1865. "
                    "Tickets are sold here; the box office opens an hour before each event."
                )
            ),
        )
        org.settings.set("contact_mail", "tickets@wonderland.example")
        admins = Team.objects.create(
            organizer=org,
            name="Organizers",
            all_events=True,
            all_event_permissions=True,
            all_organizer_permissions=True,
        )
        admins.members.add(alice)
        box = Team.objects.create(
            organizer=org,
            name="Box office",
            all_events=True,
            all_event_permissions=False,
            limit_event_permissions={
                "event.orders:read": True,
                "event.orders:checkin": True,
                "event.vouchers:read": True,
            },
            all_organizer_permissions=False,
            limit_organizer_permissions={},
        )
        box.members.add(hatter)
        Team.objects.create(
            organizer=org,
            name="Croquet volunteers",
            all_events=False,
            limit_event_permissions={"event.orders:checkin": True},
            limit_organizer_permissions={},
        )
        seeder = Team.objects.create(
            organizer=org,
            name="API access",
            all_events=True,
            all_event_permissions=True,
            all_organizer_permissions=True,
        )
        token = seeder.tokens.create(name="seed").token
    return org, token


def event_settings(slug: str, **extra) -> None:
    with scopes_disabled():
        event = Event.objects.get(organizer__slug=ORG, slug=slug)
        s = event.settings
        s.set("payment_banktransfer__enabled", True)
        s.set("payment_banktransfer_bank_details_type", "other")
        s.set(
            "payment_banktransfer_bank_details",
            LazyI18nString(
                en("Bank of the Queen of Hearts\nIBAN: GB33 BUKB 2020 1555 5555 55\nBIC: QUEENGB2L")
            ),
        )
        s.set("payment_term_days", 7)
        s.set("contact_mail", "tickets@wonderland.example")
        s.set("imprint_url", "")
        for key, value in extra.items():
            s.set(key, value)


def main() -> None:  # noqa: PLR0915 (one event after another)
    org, token = people()
    api = Api(token)

    # -- the Mad Tea Party: the main event ------------------------------------------------------
    api.post(
        "events/",
        {
            "name": en("The Mad Tea Party 2027"),
            "slug": "tea-party",
            "live": False,
            "currency": "EUR",
            "date_from": "2027-03-20T15:00:00Z",
            "date_to": "2027-03-20T21:00:00Z",
            "date_admission": "2027-03-20T14:30:00Z",
            "is_public": True,
            "location": en("The March Hare's House\nUnder the great tree\nWonderland"),
            "presale_start": "2026-10-01T09:00:00Z",
            "presale_end": "2027-03-20T12:00:00Z",
            "plugins": PLUGINS,
            "has_subevents": False,
        },
    )
    event_settings(
        "tea-party",
        frontpage_text=LazyI18nString(
            en(
                "Join the Mad Hatter, the March Hare and the Dormouse for an afternoon of tea, "
                "riddles "
                "and unbirthday cake. It is always six o'clock here, so there is always time for "
                "tea. "
                "Seats are at one long table; move down one place whenever you like."
            )
        ),
        show_quota_left=True,
        attendee_names_asked=True,
        attendee_names_required=True,
        invoice_address_asked=False,
        max_items_per_order=8,
    )
    e = "events/tea-party/"
    tickets = api.post(
        e + "categories/",
        {
            "name": en("Tickets"),
            "description": en(
                "Every ticket gives a seat at the long table and all the tea you can drink."
            ),
        },
    )["id"]
    merch = api.post(
        e + "categories/",
        {"name": en("Merchandise"), "description": en("Take a piece of the party home.")},
    )["id"]
    regular = api.post(
        e + "items/",
        {
            "name": en("Regular ticket"),
            "category": tickets,
            "default_price": "25.00",
            "admission": True,
            "personalized": True,
            "active": True,
            "position": 1,
            "description": en("A seat at the table, tea, bread-and-butter and one riddle."),
        },
    )["id"]
    unbirthday = api.post(
        e + "items/",
        {
            "name": en("Unbirthday ticket"),
            "category": tickets,
            "default_price": "15.00",
            "admission": True,
            "personalized": True,
            "active": True,
            "position": 2,
            "description": en("For anyone whose birthday it is not today (proof not required)."),
        },
    )["id"]
    vip = api.post(
        e + "items/",
        {
            "name": en("Seat next to the Hatter"),
            "category": tickets,
            "default_price": "80.00",
            "admission": True,
            "personalized": True,
            "active": True,
            "position": 3,
            "description": en("The best seat at the table, a signed hat and a clean cup."),
        },
    )["id"]
    dormouse = api.post(
        e + "items/",
        {
            "name": en("Dormouse pillow seat"),
            "category": tickets,
            "default_price": "20.00",
            "admission": True,
            "personalized": True,
            "active": True,
            "position": 4,
            "description": en("A soft seat beside the teapot. Already sold out, alas."),
        },
    )["id"]
    mug = api.post(
        e + "items/",
        {
            "name": en("Teapot mug"),
            "category": merch,
            "default_price": "12.00",
            "admission": False,
            "active": True,
            "position": 1,
            "description": en("A mug shaped like the Dormouse's teapot."),
        },
    )["id"]
    hat = api.post(
        e + "items/",
        {
            "name": en("Hatter's hat"),
            "category": merch,
            "default_price": "35.00",
            "admission": False,
            "active": True,
            "position": 2,
            "description": en("In this style 10/6. Choose your size."),
            "variations": [
                {"value": en("Small"), "default_price": "35.00", "position": 1},
                {"value": en("Medium"), "default_price": "35.00", "position": 2},
                {"value": en("Large"), "default_price": "40.00", "position": 3},
            ],
        },
    )
    hat_vars = [v["id"] for v in hat["variations"]]
    api.post(
        e + "quotas/",
        {
            "name": "Seats at the table",
            "size": 60,
            "items": [regular, unbirthday],
            "variations": [],
        },
    )
    api.post(
        e + "quotas/", {"name": "Next to the Hatter", "size": 4, "items": [vip], "variations": []}
    )
    api.post(
        e + "quotas/",
        {"name": "Dormouse pillows", "size": 0, "items": [dormouse], "variations": []},
    )
    api.post(e + "quotas/", {"name": "Mugs", "size": 40, "items": [mug], "variations": []})
    api.post(
        e + "quotas/", {"name": "Hats", "size": 15, "items": [hat["id"]], "variations": hat_vars}
    )
    api.post(
        e + "questions/",
        {
            "question": en("Do you take milk, lemon or nothing in your tea?"),
            "type": "C",
            "required": True,
            "items": [regular, unbirthday, vip],
            "position": 1,
            "identifier": "TEA",
            "options": [
                {"answer": en("Milk"), "identifier": "MILK"},
                {"answer": en("Lemon"), "identifier": "LEMON"},
                {"answer": en("Nothing"), "identifier": "NOTHING"},
            ],
        },
    )
    api.post(
        e + "questions/",
        {
            "question": en("Any riddle you would like to ask the Hatter?"),
            "type": "T",
            "required": False,
            "items": [regular, unbirthday, vip],
            "position": 2,
            "identifier": "RIDDLE",
        },
    )
    api.post(
        e + "vouchers/",
        {
            "code": "CHESHIRE",
            "max_usages": 20,
            "price_mode": "percent",
            "value": "10.00",
            "item": None,
            "comment": "10 % off, for friends of the Cat",
        },
    )
    api.post(
        e + "vouchers/",
        {
            "code": "HATTERFRIEND",
            "max_usages": 1,
            "price_mode": "set",
            "value": "0.00",
            "item": vip,
            "comment": "A free seat next to the Hatter",
        },
    )
    api.patch("events/tea-party/", {"live": True})

    # -- the Queen's croquet tournament ---------------------------------------------------------
    api.post(
        "events/",
        {
            "name": en("The Queen's Croquet Tournament"),
            "slug": "croquet",
            "live": False,
            "currency": "EUR",
            "date_from": "2027-05-08T10:00:00Z",
            "date_to": "2027-05-08T17:00:00Z",
            "is_public": True,
            "location": en("The Queen's Croquet Ground\nHeart Palace"),
            "plugins": PLUGINS,
            "has_subevents": False,
        },
    )
    event_settings(
        "croquet",
        frontpage_text=LazyI18nString(
            en(
                "Flamingos for mallets, hedgehogs for balls, soldiers for hoops. Players must "
                "bring "
                "their own patience; the Queen brings her own rules."
            )
        ),
        attendee_names_asked=True,
    )
    e = "events/croquet/"
    player = api.post(
        e + "items/",
        {
            "name": en("Player entry"),
            "default_price": "40.00",
            "admission": True,
            "personalized": True,
            "active": True,
            "position": 1,
            "description": en("Play in the tournament. A flamingo and a hedgehog are lent to you."),
        },
    )["id"]
    spectator = api.post(
        e + "items/",
        {
            "name": en("Spectator"),
            "default_price": "10.00",
            "admission": True,
            "active": True,
            "position": 2,
            "description": en("Watch from the stands. Cheer only for the Queen."),
            "free_price": True,
        },
    )["id"]
    api.post(e + "quotas/", {"name": "Players", "size": 24, "items": [player], "variations": []})
    api.post(e + "quotas/", {"name": "Stands", "size": 300, "items": [spectator], "variations": []})
    api.patch("events/croquet/", {"live": True})

    # -- a past event and a draft -----------------------------------------------------------------
    api.post(
        "events/",
        {
            "name": en("The Caucus-Race 2026"),
            "slug": "caucus-race",
            "live": False,
            "currency": "EUR",
            "date_from": "2026-06-14T10:00:00Z",
            "is_public": True,
            "location": en("The shore of the Pool of Tears"),
            "presale_end": "2026-06-13T18:00:00Z",
            "plugins": PLUGINS,
            "has_subevents": False,
        },
    )
    event_settings("caucus-race")
    runner = api.post(
        "events/caucus-race/items/",
        {"name": en("Runner"), "default_price": "5.00", "admission": True, "active": True},
    )["id"]
    api.post(
        "events/caucus-race/quotas/",
        {"name": "Runners", "size": 100, "items": [runner], "variations": []},
    )
    api.patch("events/caucus-race/", {"live": True})
    api.post(
        "events/",
        {
            "name": en("The Lobster Quadrille"),
            "slug": "lobster-quadrille",
            "live": False,
            "currency": "EUR",
            "date_from": "2027-08-01T19:00:00Z",
            "is_public": True,
            "location": en("The Mock Turtle's beach"),
            "plugins": PLUGINS,
            "has_subevents": False,
        },
    )

    # -- a customer account for alice on the shop side -------------------------------------------
    api.post(
        "customers/",
        {
            "email": "alice@wonderland.example",
            "name_parts": {"_scheme": "full", "full_name": "Alice Liddell"},
            "is_active": True,
            "is_verified": True,
        },
    )
    with scopes_disabled():
        customer = Customer.objects.get(organizer=org, email="alice@wonderland.example")
        customer.set_password(PASSWORD)
        customer.save()
        customer_id = customer.identifier

    # -- orders -----------------------------------------------------------------------------------
    def name(full: str) -> dict:
        return {"_scheme": "full", "full_name": full}

    def order(event: str, email: str, positions: list, status: str = "n", **extra) -> dict:
        return api.post(
            f"events/{event}/orders/",
            {
                "email": email,
                "locale": "en",
                "payment_provider": "banktransfer",
                "status": status,
                "send_email": False,
                "positions": positions,
                **extra,
            },
        )

    def ticket(item: int, price: str, who: str, **extra) -> dict:
        return {"item": item, "price": price, "attendee_name_parts": name(who), **extra}

    order(
        "tea-party",
        "hatter@wonderland.example",
        [ticket(vip, "80.00", "The Mad Hatter"), ticket(regular, "25.00", "The March Hare")],
        status="p",
    )
    order(
        "tea-party",
        "dormouse@wonderland.example",
        [ticket(unbirthday, "15.00", "The Dormouse"), {"item": mug, "price": "12.00"}],
        status="p",
    )
    order(
        "tea-party",
        "alice@wonderland.example",
        [
            ticket(regular, "25.00", "Alice Liddell"),
            {"item": hat["id"], "variation": hat_vars[1], "price": "35.00"},
        ],
        customer=customer_id,
    )
    order(
        "tea-party", "caterpillar@wonderland.example", [ticket(regular, "25.00", "The Caterpillar")]
    )
    gone = order(
        "tea-party",
        "duchess@wonderland.example",
        [ticket(regular, "25.00", "The Duchess"), ticket(unbirthday, "15.00", "The Cook")],
    )
    api.post(f"events/tea-party/orders/{gone['code']}/mark_canceled/", {"send_email": False})
    for who in ("Bill the Lizard", "The Gryphon", "The Mock Turtle"):
        order(
            "tea-party",
            f"{who.split()[-1].lower()}@wonderland.example",
            [ticket(regular, "25.00", who)],
            status="p",
        )
    order(
        "croquet",
        "queen@wonderland.example",
        [
            ticket(player, "40.00", "The Queen of Hearts"),
            ticket(player, "40.00", "The King of Hearts"),
        ],
        status="p",
    )
    order(
        "croquet", "knave@wonderland.example", [ticket(spectator, "10.00", "The Knave of Hearts")]
    )
    with scopes_disabled():  # the seed's token is switched off (pretix keeps its team for the logs)
        Team.objects.get(organizer=org, name="API access").tokens.update(active=False)
    print("seeded: organizer wonderland (4 teams, 3 users), 4 events, 10 orders, 1 customer")


if __name__ == "__main__":
    main()
