"""Seed pretalx for sites/real/holdout18: two organisers, two events, speakers and proposals.

Run by `setup` with pretalx's venv, PRETALX_CONFIG_FILE set and DJANGO_SETTINGS_MODULE
pretalx.settings, on a freshly migrated database. It uses pretalx's own models and methods
(as pretalx's `create_test_event` command does), so every row is made as the app makes it:

- alice (Alice Liddell, alice@wonderland.example.org, password from WEBAGENT_REAL_PASSWORD), a
  member of the organiser "Wonderland Tea Society"'s team with every permission and of its
  reviewers' team (not an instance administrator).
- "The Mad Tea-Party Conference 2027" (slug `teaparty`, 4-6 March 2027, two rooms, three tracks):
  its call for papers is open until 15 January 2027; 14 proposals by 10 speakers, 7 accepted and
  confirmed and scheduled, a schedule "v1.0" released; the others submitted, one rejected, one
  withdrawn; alice's
  reviews of the seven scheduled ones.
- "The Queen's Croquet Symposium" (slug `croquet`) of another organiser, "The Court of Hearts",
  that alice is not part of (public, so its pages can be visited; its backend is refused to her).
"""

from __future__ import annotations

import datetime as dt
import os

import django

django.setup()

from django.utils.timezone import make_aware  # noqa: E402
from django_scopes import scope, scopes_disabled  # noqa: E402
from pretalx.event.models import Event, Organiser, Team  # noqa: E402
from pretalx.person.models import SpeakerProfile, User  # noqa: E402
from pretalx.schedule.models import Room  # noqa: E402
from pretalx.submission.models import Review, Submission, SubmissionType, Track  # noqa: E402

PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]  # set by `setup` (default: capturing.py's)
MAIL = "wonderland.example.org"

alice = User.objects.create_user(
    password=PASSWORD, name="Alice Liddell", email=f"alice@{MAIL}", locale="en", timezone="UTC"
)


def organiser(name: str, slug: str, users: list[User]) -> Organiser:
    org = Organiser.objects.create(name=name, slug=slug)
    team = Team.objects.create(
        organiser=org,
        name=f"{name} organisers",
        can_create_events=True,
        can_change_teams=True,
        can_change_organiser_settings=True,
        can_change_event_settings=True,
        can_change_submissions=True,
        all_events=True,
    )
    for user in users:
        team.members.add(user)
    return org


def reviewers(org: Organiser, users: list[User]) -> None:
    team = Team.objects.create(
        organiser=org, name=f"{org.name} reviewers", is_reviewer=True, all_events=True
    )
    for user in users:
        team.members.add(user)


queen = User.objects.create_user(
    password=None, name="Queen of Hearts", email=f"queen@{MAIL}", locale="en", timezone="UTC"
)
tea_society = organiser("Wonderland Tea Society", "teasociety", [alice])
court = organiser("The Court of Hearts", "court", [queen])
reviewers(tea_society, [alice])

SPEAKERS = {
    "hatter": (
        "The Hatter",
        "Hatter and milliner of some renown, known for asking riddles that "
        "have no answers and for keeping his watch two days wrong.",
    ),
    "marchhare": (
        "The March Hare",
        "Co-host of the never-ending tea party. Lives in a house "
        "with chimneys shaped like ears and a roof thatched with fur.",
    ),
    "dormouse": (
        "The Dormouse",
        "Storyteller, mostly asleep. Authority on treacle wells and on "
        "things that begin with an M.",
    ),
    "rabbit": (
        "The White Rabbit",
        "Herald to the Queen of Hearts. Always late, always in a "
        "hurry, always carrying a pocket watch and a pair of white kid gloves.",
    ),
    "cheshire": (
        "The Cheshire Cat",
        "Grins. Appears and vanishes gradually, beginning with "
        "the end of the tail and ending with the grin.",
    ),
    "caterpillar": (
        "The Caterpillar",
        "Sits on a mushroom, smokes a hookah and asks visitors "
        "who they are. Expert on changes of size.",
    ),
    "duchess": (
        "The Duchess",
        "Finds a moral in everything. Keeps a cook with a fondness for "
        "pepper and a baby that turns into a pig.",
    ),
    "mockturtle": (
        "The Mock Turtle",
        "Went to school in the sea with an old Turtle called "
        "Tortoise. Sings the Lobster Quadrille with feeling.",
    ),
    "gryphon": (
        "The Gryphon",
        "Friend of the Mock Turtle, sleeps in the sun, does not take "
        "the Queen's executions seriously.",
    ),
    "dodo": ("The Dodo", "Organiser of caucus-races: everybody has won, and all must have prizes."),
}
users = {
    key: User.objects.create_user(
        password=None, name=name, email=f"{key}@{MAIL}", locale="en", timezone="UTC"
    )
    for key, (name, _bio) in SPEAKERS.items()
}

# title, abstract, description, speakers, type, track, state, (day, hour, room) or None
PROPOSALS = [
    (
        "Why Is a Raven Like a Writing-Desk?",
        "An unanswerable riddle, answered at last.",
        "Riddles without answers are a time-honoured tradition at our tea table. This talk "
        "surveys a century of proposed solutions and explains why none of them will do.",
        ["hatter"],
        "Talk",
        "Riddles",
        "confirmed",
        (0, 10, "Tea Table"),
    ),
    (
        "Keeping Time When Time Won't Keep You",
        "Living at six o'clock forever.",
        "After quarrelling with Time, our speaker has had to keep tea-time always. A practical "
        "guide to clocks, watches and the butter that ought not to go into them.",
        ["hatter", "marchhare"],
        "Talk",
        "Tea and Time",
        "confirmed",
        (0, 11, "Tea Table"),
    ),
    (
        "The Treacle Well: A Field Report",
        "Three sisters, a well, and everything beginning with M.",
        "A sleepy but thorough account of life at the bottom of a treacle well, with notes on "
        "drawing mousetraps, the moon, memory and muchness.",
        ["dormouse"],
        "Talk",
        "Tea and Time",
        "confirmed",
        (0, 14, "Tea Table"),
    ),
    (
        "Punctuality for Heralds",
        "How not to be late for a very important date.",
        "Gloves, fans, pocket watches and the art of arriving just before the Queen does. "
        "Lessons from a career spent running.",
        ["rabbit"],
        "Talk",
        "Court Etiquette",
        "confirmed",
        (1, 10, "Tea Table"),
    ),
    (
        "Grinning Without a Cat",
        "A hands-on introduction to gradual vanishing.",
        "Participants will practise appearing and disappearing, beginning with the tail. Bring "
        "your own grin.",
        ["cheshire"],
        "Workshop",
        "Riddles",
        "confirmed",
        (1, 11, "Croquet Lawn"),
    ),
    (
        "Who Are You? Identity and Size",
        "Changing size three times a day and staying yourself.",
        "One side of the mushroom makes you grow taller, the other makes you grow shorter. A "
        "study of what stays the same.",
        ["caterpillar"],
        "Talk",
        "Riddles",
        "confirmed",
        (1, 14, "Tea Table"),
    ),
    (
        "The Lobster Quadrille, Step by Step",
        "Learn the dance: advance twice, change lobsters.",
        "A workshop on the Lobster Quadrille for beginners. Lobsters are provided; throwing them "
        "out to sea is optional.",
        ["mockturtle", "gryphon"],
        "Workshop",
        "Court Etiquette",
        "confirmed",
        (2, 10, "Croquet Lawn"),
    ),
    (
        "Everything's Got a Moral",
        "If only you can find it.",
        "Take care of the sense, and the sounds will take care of themselves.",
        ["duchess"],
        "Talk",
        "Court Etiquette",
        "submitted",
        None,
    ),
    (
        "Caucus-Races for Beginners",
        "Everybody has won, and all must have prizes.",
        "How to run a race in a circle with no start and no end, and how to pay for the prizes.",
        ["dodo"],
        "Workshop",
        "Tea and Time",
        "submitted",
        None,
    ),
    (
        "Pepper in the Soup",
        "There's certainly too much pepper in that soup!",
        "A kitchen's perspective on seasoning, sneezing and flying crockery.",
        ["duchess"],
        "Talk",
        "Tea and Time",
        "submitted",
        None,
    ),
    (
        "Reeling and Writhing",
        "The different branches of arithmetic.",
        "Ambition, Distraction, Uglification and Derision, explained with examples.",
        ["mockturtle"],
        "Talk",
        "Riddles",
        "submitted",
        None,
    ),
    (
        "Painting the Roses Red",
        "A guide to white roses and short deadlines.",
        "What to do when the wrong rose tree has been planted and the Queen is coming.",
        ["rabbit"],
        "Talk",
        "Court Etiquette",
        "rejected",
        None,
    ),
    (
        "Advice from a Mushroom",
        "Keep your temper.",
        "A short session on patience, withdrawn by its speaker after some thought.",
        ["caterpillar"],
        "Talk",
        "Riddles",
        "withdrawn",
        None,
    ),
    (
        "Twinkle, Twinkle, Little Bat",
        "How I wonder what you're at.",
        "A sing-along, with the words somewhat changed.",
        ["hatter"],
        "Talk",
        "Tea and Time",
        "submitted",
        None,
    ),
]

with scopes_disabled():
    teaparty = Event.objects.create(
        name="The Mad Tea-Party Conference 2027",
        slug="teaparty",
        organiser=tea_society,
        is_public=True,
        date_from=dt.date(2027, 3, 4),
        date_to=dt.date(2027, 3, 6),
        timezone="UTC",
        email=f"teaparty@{MAIL}",
        locale_array="en",
        locale="en",
        landing_page_text=(
            "# Welcome to the Mad Tea-Party Conference!\n\n"
            "Three days of talks and workshops under the big tree in front of the March "
            "Hare's house: riddles, time-keeping, court etiquette and a great deal of tea. "
            "There is plenty of room at the table, whatever the Hatter may say.\n\n"
            "Our call for papers is open until 15 January 2027. The first talks are in the "
            "schedule already."
        ),
    )
    croquet = Event.objects.create(
        name="The Queen's Croquet Symposium",
        slug="croquet",
        organiser=court,
        is_public=True,
        date_from=dt.date(2027, 5, 20),
        date_to=dt.date(2027, 5, 21),
        timezone="UTC",
        email=f"court@{MAIL}",
        locale_array="en",
        locale="en",
        landing_page_text="# The Queen's Croquet Symposium\n\nFlamingos and hedgehogs provided.",
    )
for team in Team.objects.all():
    team.limit_events.set([])

with scope(event=croquet):
    croquet.build_initial_data()
    croquet.cfp.headline = "The Queen invites proposals"
    croquet.cfp.text = "Off with their heads, unless the proposal is good."
    croquet.cfp.deadline = make_aware(dt.datetime(2027, 2, 1, 23, 59))
    croquet.cfp.save()

with scope(event=teaparty):
    teaparty.build_initial_data()
    SubmissionType.objects.create(event=teaparty, name="Workshop", default_duration=90)
    tracks = {
        name: Track.objects.create(event=teaparty, name=name, color=color)
        for name, color in [
            ("Riddles", "#8e44ad"),
            ("Tea and Time", "#c0392b"),
            ("Court Etiquette", "#2471a3"),
        ]
    }
    rooms = {
        "Tea Table": Room.objects.create(event=teaparty, name="Tea Table", position=1, capacity=40),
        "Croquet Lawn": Room.objects.create(
            event=teaparty, name="Croquet Lawn", position=2, capacity=25
        ),
    }
    cfp = teaparty.cfp
    cfp.headline = "Come to the tea party: our call for papers is open!"
    cfp.text = (
        "We are looking for talks (30 minutes) and workshops (90 minutes) for the Mad Tea-Party "
        "Conference 2027, on any of our three tracks:\n\n"
        "- **Riddles**: questions with and without answers\n"
        "- **Tea and Time**: clocks, watches, butter and the quarrel with Time\n"
        "- **Court Etiquette**: croquet, processions, trials and tarts\n\n"
        "New speakers are very welcome, and so are several proposals from one person. "
        "No room! No room! (There is plenty of room.)"
    )
    cfp.deadline = make_aware(dt.datetime(2027, 1, 15, 23, 59))
    cfp.save()
    teaparty.settings.review_max_score = 2
    for key, (_name, bio) in SPEAKERS.items():
        SpeakerProfile.objects.create(user=users[key], event=teaparty, biography=bio)
    types = {str(t.name): t for t in teaparty.submission_types.all()}
    for title, abstract, description, speakers, kind, track, state, slot in PROPOSALS:
        sub = Submission.objects.create(
            event=teaparty,
            title=title,
            submission_type=types[kind],
            track=tracks[track],
            abstract=abstract,
            description=description,
            content_locale="en",
        )
        sub.log_action("pretalx.submission.create", person=users[speakers[0]])
        for key in speakers:
            sub.speakers.add(users[key])
        if slot:  # alice has reviewed the scheduled ones, not the others
            Review.objects.create(
                submission=sub, user=alice, score=2, text="Curiouser and curiouser."
            )
        if state == "confirmed":
            sub.accept()
            sub.confirm()
            day, hour, room = slot
            start = make_aware(dt.datetime(2027, 3, 4 + day, hour, 0))
            s = sub.slots.first()
            s.start = start
            s.end = start + dt.timedelta(minutes=sub.submission_type.default_duration)
            s.room = rooms[room]
            s.save()
        elif state == "rejected":
            sub.reject()
        elif state == "withdrawn":
            sub.withdraw()
    teaparty.wip_schedule.freeze("v1.0", notify_speakers=False)

print("seeded:", User.objects.count(), "users,", Event.objects.count(), "events")
