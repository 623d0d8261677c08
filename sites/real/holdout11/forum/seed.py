"""Seed the "Wonderland Tea Party Forum" (run by ../setup on a freshly migrated database): two
categories with five forums, 13 topics of several posts by different members (one long topic
that pages, one poll, one locked topic, one sticky, one announcement, one reply awaiting
approval), forum permissions for visitors and members, alice's subscriptions and signature,
and the members alice, hatter, march_hare, dormouse and the moderator queen. Passwords from
WEBAGENT_REAL_PASSWORD for alice and queen; the others get random ones nobody knows."""

import datetime as dt
import os
import secrets
import sys
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonderland.settings")
warnings.simplefilter("ignore")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.contrib.sites.models import Site  # noqa: E402
from django.utils import timezone  # noqa: E402
from machina.core.db.models import get_model  # noqa: E402

PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")
Forum = get_model("forum", "Forum")
Topic = get_model("forum_conversation", "Topic")
Post = get_model("forum_conversation", "Post")
TopicPoll = get_model("forum_polls", "TopicPoll")
TopicPollOption = get_model("forum_polls", "TopicPollOption")
TopicPollVote = get_model("forum_polls", "TopicPollVote")
ForumPermission = get_model("forum_permission", "ForumPermission")
UserForumPermission = get_model("forum_permission", "UserForumPermission")
ForumProfile = get_model("forum_member", "ForumProfile")

Site.objects.filter(pk=1).update(domain="127.0.0.1", name="Wonderland Tea Party Forum")

# -- members -------------------------------------------------------------------------------------
def member(name, first, last, password=None, **flags):
    u = User.objects.create_user(
        name, f"{name}@wonderland.test", password or secrets.token_urlsafe(24),
        first_name=first, last_name=last, **flags,
    )
    return u


alice = member("alice", "Alice", "Liddell", PASSWORD)
hatter = member("hatter", "Mad", "Hatter")
hare = member("march_hare", "March", "Hare")
dormouse = member("dormouse", "The", "Dormouse")
queen = member("queen", "Queen", "of Hearts", PASSWORD, is_staff=True, is_superuser=True)

# -- permissions: visitors read, members write, announcements by the moderator only -------------
def grant(codes, forum=None, has_perm=True, **who):
    for code in codes:
        UserForumPermission.objects.create(
            permission=ForumPermission.objects.get(codename=code), forum=forum,
            has_perm=has_perm, **who,
        )


grant(["can_see_forum", "can_read_forum", "can_download_file"], anonymous_user=True)
grant(
    ["can_see_forum", "can_read_forum", "can_start_new_topics", "can_reply_to_topics",
     "can_edit_own_posts", "can_delete_own_posts", "can_post_without_approval",
     "can_create_polls", "can_vote_in_polls", "can_attach_file", "can_download_file"],
    authenticated_user=True,
)

# -- the forum tree ------------------------------------------------------------------------------
def forum(name, description, parent=None, kind=Forum.FORUM_POST):
    return Forum.objects.create(name=name, description=description, parent=parent, type=kind)


table = forum("The Tea Table", "Everything served at the never-ending tea party.",
              kind=Forum.FORUM_CAT)
teas = forum("Teas & Infusions", "Brews, blends and the proper time for them (always six o'clock).",
             table)
cakes = forum("Cakes, Tarts & Biscuits", "Things labelled EAT ME, and the tarts of the Queen.",
              table)
riddles = forum("Riddles Without Answers", "Ravens, writing-desks and other puzzles nobody "
                "has solved.", table)
grounds = forum("The Queen's Grounds", "Croquet, court and royal notices.", kind=Forum.FORUM_CAT)
croquet = forum("Croquet with Flamingos", "Mallets that bend, balls that walk away.", grounds)
court = forum("Court Announcements", "Notices from Her Majesty. Only the court may post here.",
              grounds)
# members may not start topics in Court Announcements (the Queen may: she is a superuser)
grant(["can_start_new_topics"], forum=court, has_perm=False, authenticated_user=True)

# -- topics and posts ----------------------------------------------------------------------------
NOW = timezone.now().replace(microsecond=0)
clock = [NOW - dt.timedelta(days=40)]


def tick(hours):
    clock[0] += dt.timedelta(hours=hours)
    return clock[0]


def topic(where, subject, posts, *, kind=Topic.TOPIC_POST, status=Topic.TOPIC_UNLOCKED, gap=5):
    """posts: (poster, text) pairs, the first one opens the topic."""
    t = Topic.objects.create(forum=where, subject=subject, poster=posts[0][0], type=kind,
                             status=Topic.TOPIC_UNLOCKED)
    for i, (who, text) in enumerate(posts):
        p = Post.objects.create(
            topic=t, poster=who, content=text,
            subject=subject if i == 0 else f"Re: {subject}",
        )
        when = tick(gap)
        Post.objects.filter(pk=p.pk).update(created=when, updated=when)
    t.refresh_from_db()
    Topic.objects.filter(pk=t.pk).update(
        status=status, created=Post.objects.filter(topic=t).order_by("created").first().created,
    )
    t.refresh_from_db()
    t.update_trackers()
    return t


unbirthday_lines = [
    (hatter, "We need a proper tea for the **unbirthday** party. Three hundred and sixty-four "
     "days a year, so we must get it right. Suggestions?"),
    (hare, "Darjeeling. Nothing else is mad enough."),
    (alice, "I'd say a plain black tea: it goes with everything, even the butter."),
    (dormouse, "Camomile... so one can... sleep... through the speeches."),
    (hatter, "Camomile! At a party! Move down, everybody, clean cups."),
    (hare, "It was the *best* butter, and it goes best with Assam."),
    (alice, "You can't really have tea without cups, you know. How many clean ones are left?"),
    (hatter, "None. That's why we keep moving round the table."),
    (dormouse, "Twinkle, twinkle, little bat... with a pot of Earl Grey."),
    (hare, "Earl Grey tastes of the Duchess's pepper. Lapsang, then."),
    (alice, "Lapsang souchong tastes of a bonfire. Could we have a green tea for once?"),
    (hatter, "Green tea is for the caterpillar. He takes it with his hookah."),
    (queen, "Whatever you pour, it must be red. Paint it if you have to."),
    (hare, "Rooibos is red already. Problem solved, Your Majesty."),
    (hatter, "Rooibos is not tea. It's a bush. From a country I have never visited."),
    (alice, "Then it suits an unbirthday perfectly: it's not a tea, on a day that's not a "
     "birthday."),
    (dormouse, "...treacle... in the rooibos..."),
    (hare, "Agreed: rooibos for the Queen's end of the table, Darjeeling for ours."),
    (hatter, "Motion carried. Next question: why is a raven like a writing-desk?"),
    (alice, "That belongs in the riddles forum, surely."),
]
unbirthday = topic(teas, "Which tea goes best with an unbirthday?", unbirthday_lines, gap=3)

six = topic(teas, "Is it always six o'clock?", [
    (alice, "Every time I visit it is six o'clock, tea-time. Is the clock broken?"),
    (hatter, "We quarrelled with Time last March. He won't do a thing I ask now. It's always "
     "six o'clock."),
    (hare, "So it's always tea-time, and we've no time to wash the things between whiles."),
    (alice, "Then you keep moving round, I suppose?"),
])
treacle = topic(teas, "Treacle tea: a recipe from the well", [
    (dormouse, "Once upon a time there were three little sisters who lived at the bottom of a "
     "well, and they drew treacle. Here is their recipe:\n\n1. Draw the treacle.\n2. Stir it "
     "into strong black tea.\n3. Fall asleep."),
    (alice, "What did they live on?"),
    (dormouse, "Treacle. It was a treacle-well."),
])
poll_topic = topic(teas, "Poll: the official tea of the party", [
    (hare, "Let's settle it with a vote. One choice each, no changing your mind (that means "
     "you, Hatter)."),
    (hatter, "I voted for Darjeeling. Twice."),
    (alice, "You can only vote once, it says so right there."),
])
poll = TopicPoll.objects.create(topic=poll_topic, question="Which tea should we serve?",
                                max_options=1, user_changes=False)
options = {text: TopicPollOption.objects.create(poll=poll, text=text)
           for text in ("Darjeeling", "Assam", "Earl Grey", "Rooibos", "Camomile")}
for who, choice in ((hatter, "Darjeeling"), (hare, "Darjeeling"), (dormouse, "Camomile"),
                    (queen, "Rooibos")):
    TopicPollVote.objects.create(poll_option=options[choice], voter=who)

eat_me = topic(cakes, "EAT ME cakes: serving sizes", [
    (alice, "A warning for anyone baking EAT ME cakes: one small bite made me nine feet tall. "
     "Serve *tiny* slices."),
    (hatter, "Or serve them in a larger room."),
    (dormouse, "Crumbs... make good... pillows."),
    (alice, "And keep a DRINK ME bottle nearby to get back down again."),
])
tarts = topic(cakes, "Who stole the tarts?", [
    (queen, "I made some tarts, all on a summer day. The Knave of Hearts has stolen them. "
     "This topic is for evidence ONLY."),
    (hatter, "I hadn't quite finished my tea when I was sent for."),
    (alice, "The letter doesn't even say who wrote it. That's not evidence at all."),
    (queen, "Sentence first, verdict afterwards! This topic is closed."),
], status=Topic.TOPIC_LOCKED)
butterflies = topic(cakes, "Bread-and-butterflies instead of biscuits?", [
    (hare, "Its wings are thin slices of bread-and-butter, its body is a crust and its head is "
     "a lump of sugar. Surely it counts as a biscuit?"),
    (alice, "What does it live on?"),
    (hare, "Weak tea with cream in it. Which is why it's always dying."),
])
raven = topic(riddles, "Why is a raven like a writing-desk?", [
    (hatter, "Why is a raven like a writing-desk? I haven't the slightest idea myself."),
    (alice, "Then why ask riddles that have no answers? You might do something better with "
     "the time."),
    (hare, "Because Poe wrote on both?"),
    (dormouse, "Because it can produce a few notes... though they are very flat."),
    (hatter, "Because it is nevar put with the wrong end in front. (Note the spelling.)"),
    (alice, "I give it up. What's the answer?"),
])
curiouser = topic(riddles, "Curiouser and curiouser: size puzzles", [
    (alice, "If a bottle makes you shrink to ten inches and a cake makes you grow to nine "
     "feet, how many bites get you to exactly four feet?"),
    (hatter, "It depends on the cake. And on the feet."),
    (hare, "Take a mushroom: one side makes you grow, the other side makes you shrink."),
])
hedgehogs = topic(croquet, "Rules for hedgehog balls (read before playing)", [
    (queen, "The rules of royal croquet:\n\n- Balls are live hedgehogs, mallets are live "
     "flamingos.\n- Arches are soldiers; they may wander off.\n- Anyone who wins against the "
     "Queen will be beheaded."),
    (alice, "Does the last rule apply to everyone?"),
    (queen, "Off with her head!"),
], kind=Topic.TOPIC_STICKY)
flamingo = topic(croquet, "My flamingo keeps looking at me", [
    (alice, "Whenever I get my flamingo's neck straight for a stroke, it twists round and looks "
     "up into my face with a puzzled expression. Any tips?"),
    (hare, "Tuck its body under your arm, with its legs hanging down."),
    (hatter, "Or play with a hedgehog that is already asleep. Ask the Dormouse how."),
])
# one reply waiting in the moderation queue (posted without approval)
pending = Post.objects.create(
    topic=flamingo, poster=dormouse, subject="Re: My flamingo keeps looking at me",
    content="Flamingoes and mustard both bite. And the moral of that is...", approved=False,
)
Post.objects.filter(pk=pending.pk).update(created=tick(5), updated=clock[0])
flamingo.update_trackers()
rules = topic(court, "Forum rules: read before posting", [
    (queen, "By order of the Queen:\n\n1. Be civil at the table.\n2. No riddles outside "
     "*Riddles Without Answers*.\n3. Rule Forty-two: all persons more than a mile high to leave "
     "the forum."),
], kind=Topic.TOPIC_ANNOUNCE)
thursday = topic(court, "Croquet moved to Thursday", [
    (queen, "The royal croquet game is moved to Thursday. Bring your own flamingo."),
    (hatter, "Thursday is an unbirthday for everyone but the King. I approve."),
])

# -- members' profiles, alice's subscriptions ----------------------------------------------------
for who, signature in ((alice, "Curiouser and curiouser!"), (hatter, "In this style 10/6")):
    profile = ForumProfile.objects.get(user=who)
    profile.signature = signature
    profile.save()
for t in (unbirthday, raven, flamingo):
    t.subscribers.add(alice)
User.objects.update(date_joined=NOW - dt.timedelta(days=60))
User.objects.filter(username="alice").update(last_login=NOW - dt.timedelta(days=2))

print(f"seeded: {Forum.objects.count()} forums, {Topic.objects.count()} topics, "
      f"{Post.objects.count()} posts, {User.objects.count()} members")
