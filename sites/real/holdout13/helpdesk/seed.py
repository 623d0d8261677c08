"""Seed the Wonderland Helpdesk (django-helpdesk) with queues, staff, tickets, follow-ups and a
knowledge base. Run by `setup` on a freshly migrated database. alice (superuser, staff) gets the
password in WEBAGENT_REAL_PASSWORD; the other staff get random ones nobody knows."""

import os
import secrets
from datetime import UTC, datetime, timedelta

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonderdesk.settings")
django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.contrib.sites.models import Site  # noqa: E402
from helpdesk.models import (  # noqa: E402
    CustomField,
    FollowUp,
    IgnoreEmail,
    KBCategory,
    KBItem,
    PreSetReply,
    Queue,
    SavedSearch,
    Ticket,
)
from helpdesk.query import query_to_base64  # noqa: E402

PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")
T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)

Site.objects.update_or_create(id=1, defaults={"domain": "127.0.0.1", "name": "Wonderland Helpdesk"})


def staff(username: str, first: str, last: str, password: str | None = None, **extra) -> User:
    user = User.objects.create_user(
        username,
        f"{username}@wonderland.test",
        password or secrets.token_urlsafe(16),
        first_name=first,
        last_name=last,
        is_staff=True,
        **extra,
    )
    return user


alice = staff("alice", "Alice", "Liddell", PASSWORD, is_superuser=True)
bob = staff("bob", "Bob", "Carroll")
carol = staff("carol", "Carol", "Hatter")
User.objects.create_user(
    "dinah",
    "dinah@wonderland.test",
    secrets.token_urlsafe(16),
    first_name="Dinah",
    last_name="Cheshire",
)

it = Queue.objects.create(
    title="IT Support",
    slug="it",
    email_address="it@wonderland.test",
    allow_public_submission=True,
    allow_email_submission=False,
)
tea = Queue.objects.create(
    title="Tea Supplies",
    slug="tea",
    email_address="tea@wonderland.test",
    allow_public_submission=True,
    allow_email_submission=False,
)
rooms = Queue.objects.create(
    title="Facilities",
    slug="facilities",
    email_address="facilities@wonderland.test",
    allow_public_submission=True,
    allow_email_submission=False,
)

OPEN, RE, RS, C, D = (
    Ticket.OPEN_STATUS,
    Ticket.REOPENED_STATUS,
    Ticket.RESOLVED_STATUS,
    Ticket.CLOSED_STATUS,
    Ticket.DUPLICATE_STATUS,
)
# (queue, title, submitter, assignee, status, priority, description, follow-ups)
TICKETS = [
    (
        it,
        "Printer in the Long Hall prints only blank pages",
        "hatter@wonderland.test",
        alice,
        OPEN,
        2,
        "Since Monday the printer next to the Long Hall door feeds paper but prints nothing. "
        "Toner was replaced last week.",
        [(bob, "Checked the toner: it is the right cartridge. Ordering a new drum.", True)],
    ),
    (
        it,
        "Cannot sign in to the croquet booking system",
        "march.hare@wonderland.test",
        bob,
        OPEN,
        3,
        "My password stopped working after the clocks changed. I need to book the ground for "
        "Thursday.",
        [],
    ),
    (
        it,
        "Laptop battery swells after tea time",
        "dormouse@wonderland.test",
        None,
        OPEN,
        1,
        "The battery of laptop WL-042 has swollen and the case no longer closes. It is unplugged "
        "and kept away from the teapot.",
        [(alice, "Please do not charge it any more; bring it to the IT desk.", True)],
    ),
    (
        it,
        "Wi-Fi drops in the rose garden",
        "queen@wonderland.test",
        alice,
        RE,
        2,
        "The Wi-Fi in the rose garden drops every few minutes. The gardeners cannot upload photos "
        "of the white roses they painted red.",
        [
            (carol, "Moved the access point closer to the hedge.", True),
            (alice, "Reopened: it drops again since the hedge was trimmed.", True),
        ],
    ),
    (
        it,
        "Request: a second monitor for the Duchess",
        "duchess@wonderland.test",
        carol,
        RS,
        4,
        "The Duchess would like a second monitor for the kitchen office.",
        [(carol, "Installed a 24 inch monitor on Tuesday.", True)],
    ),
    (
        it,
        "E-mail to the Gryphon bounces",
        "mock.turtle@wonderland.test",
        bob,
        C,
        3,
        "Every message to gryphon@wonderland.test comes back undelivered.",
        [(bob, "The Gryphon's mailbox was full. Emptied and closed.", True)],
    ),
    (
        it,
        "Printer prints blank pages (Long Hall)",
        "dormouse@wonderland.test",
        None,
        D,
        3,
        "The Long Hall printer gives blank pages.",
        [(alice, "Duplicate of the earlier ticket about the same printer.", True)],
    ),
    (
        it,
        "Keyboard missing the letters T, E and A",
        "hatter@wonderland.test",
        alice,
        OPEN,
        3,
        "Someone pried the T, E and A keys off my keyboard. I can no longer type my favourite "
        "word.",
        [],
    ),
    (
        tea,
        "Out of Darjeeling in the main pantry",
        "hatter@wonderland.test",
        carol,
        OPEN,
        2,
        "The main pantry has run out of Darjeeling. The party cannot go on without it.",
        [
            (carol, "Ordered two kilos; delivery expected on Friday.", True),
            (carol, "Supplier confirmed the order number 7731.", False),
        ],
    ),
    (
        tea,
        "Teapot handle cracked",
        "march.hare@wonderland.test",
        bob,
        OPEN,
        3,
        "The handle of the large blue teapot has a crack. Nobody has been scalded yet.",
        [],
    ),
    (
        tea,
        "Dormouse found asleep in the teapot again",
        "alice@wonderland.test",
        None,
        OPEN,
        4,
        "The Dormouse is asleep in the teapot for the third time this week. Please advise on a "
        "larger teapot or a smaller Dormouse.",
        [],
    ),
    (
        tea,
        "Milk jug keeps disappearing",
        "queen@wonderland.test",
        carol,
        RS,
        3,
        "The silver milk jug vanishes every afternoon and reappears the next morning.",
        [
            (
                carol,
                "Found in the Cheshire Cat's tree. A lock has been fitted to the cupboard.",
                True,
            )
        ],
    ),
    (
        tea,
        "Order more treacle for treacle tea",
        "dormouse@wonderland.test",
        bob,
        C,
        5,
        "We are down to the last tin of treacle.",
        [(bob, "Three tins delivered.", True)],
    ),
    (
        tea,
        "Clean cups run out before six o'clock",
        "hatter@wonderland.test",
        alice,
        OPEN,
        2,
        "Everybody moves one place on and there are no clean cups left well before six.",
        [(alice, "Suggest a second dishwasher; asked Facilities for a quote.", True)],
    ),
    (
        rooms,
        "Door to the garden is too small",
        "alice@wonderland.test",
        carol,
        OPEN,
        2,
        "The little door to the garden is fifteen inches high. Visitors cannot fit through it "
        "without a bottle marked DRINK ME.",
        [],
    ),
    (
        rooms,
        "Mushroom growing in the corridor",
        "caterpillar@wonderland.test",
        bob,
        OPEN,
        4,
        "A large mushroom has grown in the corridor outside room 3. Please remove it, carefully.",
        [],
    ),
    (
        rooms,
        "Clocks in the dining room stopped at six",
        "hatter@wonderland.test",
        None,
        RE,
        3,
        "Every clock in the dining room shows six o'clock and has done so for a year.",
        [
            (bob, "Wound the clocks; resolved.", True),
            (carol, "Stopped again at six: reopened.", True),
        ],
    ),
    (
        rooms,
        "Heating in the Queen's court is too strong",
        "knave@wonderland.test",
        carol,
        RS,
        3,
        "The court is far too hot during trials.",
        [(carol, "Thermostat reset to 20 degrees.", True)],
    ),
    (
        rooms,
        "Rabbit hole near the gate needs a railing",
        "white.rabbit@wonderland.test",
        alice,
        OPEN,
        1,
        "Someone fell down the rabbit hole near the gate again. It needs a railing.",
        [(alice, "Carpenter booked for Monday.", True)],
    ),
    (
        rooms,
        "Chess-board floor tiles loose",
        "red.queen@wonderland.test",
        None,
        OPEN,
        3,
        "Several black and white tiles in the hall are loose.",
        [],
    ),
    (
        rooms,
        "Paint the white roses red",
        "queen@wonderland.test",
        carol,
        C,
        5,
        "All the white roses along the croquet ground must be painted red before the Queen's "
        "visit.",
        [(carol, "Done by the gardeners, Two, Five and Seven.", True)],
    ),
]

for n, (queue, title, email, who, status, priority, text, followups) in enumerate(TICKETS):
    day = T0 + timedelta(days=n, hours=n % 5)
    ticket = Ticket.objects.create(
        queue=queue,
        title=title,
        submitter_email=email,
        assigned_to=who,
        status=OPEN,
        priority=priority,
        description=text,
        created=day,
        modified=day,
        due_date=day + timedelta(days=14) if priority <= 2 else None,
        secret_key=f"teaparty{n + 1:02d}",
    )  # fixed, so the public view's URL is known
    for k, (user, comment, public) in enumerate(followups):
        FollowUp.objects.create(
            ticket=ticket,
            user=user,
            comment=comment,
            public=public,
            title="Comment",
            date=day + timedelta(hours=3 + k),
            new_status=status if k == len(followups) - 1 else None,
        )
    Ticket.objects.filter(pk=ticket.pk).update(
        status=status, created=day, modified=day + timedelta(hours=4)
    )

faq = KBCategory.objects.create(
    name="Tea",
    title="Tea and the tea party",
    slug="tea",
    description="How the tea party is run: supplies, cups and the six o'clock rule.",
    queue=tea,
)
comp = KBCategory.objects.create(
    name="Computers",
    title="Computers and printers",
    slug="computers",
    description="Answers to the questions the IT desk hears most.",
    queue=it,
)
KBCategory.objects.create(
    name="Garden",
    title="The garden and the grounds",
    slug="garden",
    description="Doors, keys, roses and croquet.",
    queue=rooms,
)
KB = [
    (
        faq,
        "Why is it always six o'clock?",
        "Why do the clocks at the tea party always show six?",
        "Time stopped after a quarrel at a concert. Until it is made up with, it is always tea "
        "time: please do not report stopped clocks in the dining room as a fault.",
    ),
    (
        faq,
        "How do I order more tea?",
        "The pantry is out of a tea. How do I get more?",
        "Submit a ticket in the Tea Supplies queue with the kind of tea and the amount. Orders "
        "placed before noon arrive the same week.",
    ),
    (
        faq,
        "Where are the clean cups?",
        "There are no clean cups left. What should I do?",
        "Move one place on round the table. Washing up happens on Fridays.",
    ),
    (
        comp,
        "Resetting your password",
        "I forgot my password. How do I reset it?",
        "Use the 'Forgot your password?' link on the sign-in page; a reset link is e-mailed to "
        "you. If no e-mail arrives within ten minutes, submit a ticket to IT Support.",
    ),
    (
        comp,
        "The printer prints blank pages",
        "Why does the printer give blank pages?",
        "Usually the drum is worn out. Open a ticket in IT Support quoting the printer's location "
        "and a technician will replace the drum.",
    ),
    (
        comp,
        "Connecting to the garden Wi-Fi",
        "How do I join the Wi-Fi in the garden?",
        "Choose the network WONDERLAND-GARDEN and use the key printed on the sundial. Coverage is "
        "weak behind the hedges.",
    ),
]
for order, (cat, title, question, answer) in enumerate(KB):
    KBItem.objects.create(
        category=cat,
        title=title,
        question=question,
        answer=answer,
        order=order,
        votes=order + 2,
        recommendations=order + 1,
    )

PreSetReply.objects.create(name="Thanks, fixed", body="Thank you for your report: it is fixed.")
PreSetReply.objects.create(
    name="Need more details", body="Could you tell us more: when did it start, and where?"
)
IgnoreEmail.objects.create(name="Jabberwocky spam", email_address="*@tulgey-wood.test")
CustomField.objects.create(
    name="location",
    label="Location",
    data_type="varchar",
    max_length=100,
    required=False,
    staff_only=False,
    help_text="Room or place where it happens",
)
SavedSearch.objects.create(
    user=alice,
    title="My open tickets",
    shared=True,
    query=query_to_base64(
        {
            "filtering": {"status__in": [OPEN, RE], "assigned_to__id__in": [alice.id]},
            "sorting": "created",
            "sortreverse": False,
            "search_string": "",
        }
    ),
)

print(
    f"{User.objects.count()} users, {Queue.objects.count()} queues, "
    f"{Ticket.objects.count()} tickets, {FollowUp.objects.count()} follow-ups, "
    f"{KBItem.objects.count()} knowledge-base items"
)
