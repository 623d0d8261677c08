"""Create and seed the Plone site of sites/real/holdout21: the Wonderland Gazette.

Run by `setup` with the instance's venv as `zconsole run etc/zope.conf seed.py` on an empty
object database (the Zope root `app` is given by zconsole). It makes the Zope administrator
`admin` (password from PLONE_ADMIN_PASSWORD), then the Plone site `Plone` with
plone.distribution's "classic" distribution (Plone Site, Classic UI, no example content), and
fills it through plone.api, so every object is made as Plone makes it:

- settings: self-registration on (members choose their password), bylines shown to visitors,
  a mail sender and a mail host that only queues (MAILHOST_QUEUE_ONLY, see zope.conf), so the
  contact form and password reset work without sending anything.
- members: alice (Alice Liddell, password from WEBAGENT_REAL_PASSWORD), an ordinary member who
  is Contributor and Editor of the Guides folder only; the Hatter, the White Rabbit, the
  Cheshire Cat (members), the Queen of Hearts (Site Administrator).
- content, all published but the two private drafts: the front page text; Stories (six
  chapters, documents of several paragraphs); Guides (three documents, plus alice's private
  draft 'Things to Remember'); News (four news items); Events (three events, event listing);
  The Court (a published page, and the Queen's private 'Secret Plans'); a collection "What's
  New" of the news and events; an "About the Gazette" page. Each item is made by its author
  (with the rights lent for the occasion), so its creator, owner and history are theirs, and
  dated some days or weeks ago (events: in the coming weeks).
"""

import datetime as dt
import os
import secrets

import pytz
import transaction
from AccessControl.SecurityManagement import newSecurityManager
from DateTime import DateTime
from plone import api
from plone.app.textfield.value import RichTextValue
from plone.distribution.api import site as site_api
from zope.component.hooks import setSite

PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]  # set by `setup` (default: capturing.py's)
ADMIN_PASSWORD = os.environ["PLONE_ADMIN_PASSWORD"]  # made by `setup`, kept out of the repo
QUEUE = os.environ["PLONE_MAIL_QUEUE"]
MAIL = "wonderland.example.org"
# (pytz: plone.app.event localizes event dates with the zone of their start)
NOW = dt.datetime.now(pytz.utc).replace(minute=0, second=0, microsecond=0)

# -- the Zope administrator and the site ------------------------------------------------------------
if app.acl_users.getUserById("admin") is None:  # noqa: F821 (given by zconsole)
    app.acl_users._doAddUser("admin", ADMIN_PASSWORD, ["Manager"], [])  # noqa: F821
root_admin = app.acl_users.getUserById("admin")  # noqa: F821
newSecurityManager(None, root_admin.__of__(app.acl_users))  # noqa: F821
if "Plone" in app.objectIds():  # noqa: F821
    app.manage_delObjects(["Plone"])  # noqa: F821
site = site_api.create(
    app,  # noqa: F821
    "classic",
    {
        "site_id": "Plone",
        "title": "Wonderland Gazette",
        "description": "News, stories and guides from the other side of the rabbit-hole.",
        "default_language": "en",
        "portal_timezone": "UTC",
        "setup_content": False,
    },
)
setSite(site)

api.portal.set_registry_record("plone.enable_self_reg", True)
api.portal.set_registry_record("plone.enable_user_pwd_choice", True)
api.portal.set_registry_record("plone.allow_anon_views_about", True)
api.portal.set_registry_record("plone.email_from_address", f"gazette@{MAIL}")
api.portal.set_registry_record("plone.email_from_name", "Wonderland Gazette")
api.portal.set_registry_record("plone.smtp_host", "127.0.0.1")
api.portal.set_registry_record("plone.smtp_port", 2525)
mailhost = site.MailHost
mailhost.smtp_host, mailhost.smtp_port = "127.0.0.1", 2525
mailhost.smtp_queue, mailhost.smtp_queue_directory = True, QUEUE


def html(*paragraphs):
    return RichTextValue(
        "".join(p if p.startswith("<") else f"<p>{p}</p>" for p in paragraphs),
        "text/html",
        "text/x-html-safe",
    )


site.text = html(
    "<h2>Welcome to the Wonderland Gazette</h2>",
    "The Gazette is the newspaper of everyone who has ever fallen down a rabbit-hole: news from "
    "the court, stories of travellers, and practical guides to croquet, tea-parties and "
    "changing one's size.",
    "Start with the <a href='stories'>Stories</a>, read the latest <a href='news'>News</a>, or "
    "see what is on in the <a href='events'>Events</a> calendar. Members may write guides of "
    "their own.",
    "The Gazette is printed on the finest playing cards. Please do not paint them red.",
)
site.reindexObject()

# -- members --------------------------------------------------------------------------------------
MEMBERS = [
    ("alice", "Alice Liddell", PASSWORD, ["Member"]),
    ("hatter", "The Hatter", None, ["Member"]),
    ("whiterabbit", "The White Rabbit", None, ["Member"]),
    ("cheshirecat", "The Cheshire Cat", None, ["Member"]),
    ("queenofhearts", "Queen of Hearts", None, ["Member", "Site Administrator"]),
]
users = {}
for username, fullname, password, roles in MEMBERS:
    users[username] = api.user.create(
        email=f"{username}@{MAIL}",
        username=username,
        password=password or secrets.token_urlsafe(18),
        roles=roles,
        properties={"fullname": fullname, "location": "Wonderland"},
    )


def make(container, type_, id_, title, description, author, *, state="publish", when=None,
         **fields):
    """Create an object as `author` (so its creator, owner and history are theirs), with the
    rights to do it lent for the occasion, and date it `when`."""
    with api.env.adopt_user(username=author), api.env.adopt_roles(["Manager"]):
        obj = api.content.create(container=container, type=type_, id=id_, title=title,
                                 description=description, **fields)
        if when is not None:
            obj.setEffectiveDate(DateTime(when))
        if state:
            api.content.transition(obj=obj, transition=state)
    if when is not None:  # dated as if written then (a full reindex would date it now)
        obj.creation_date = obj.modification_date = DateTime(when)
    obj.reindexObject(idxs=list(site.portal_catalog.indexes()))
    return obj


def days(n):
    return NOW + dt.timedelta(days=n)


# -- folders ----------------------------------------------------------------------------------------
stories = make(site, "Folder", "stories", "Stories",
               "Chapters of Alice's adventures, as told to the Gazette.", "hatter", when=days(-60))
guides = make(site, "Folder", "guides", "Guides",
              "Practical advice for visitors to Wonderland, written by its members.",
              "cheshirecat", when=days(-50))
news = make(site, "Folder", "news", "News", "The latest from Wonderland and the court.",
            "whiterabbit", when=days(-45))
events = make(site, "Folder", "events", "Events", "What is on in Wonderland.", "whiterabbit",
              when=days(-45))
court = make(site, "Folder", "court", "The Court", "Notices from the Queen of Hearts.",
             "queenofhearts", when=days(-40))
news.setLayout("summary_view")
events.setLayout("event_listing")
guides.manage_setLocalRoles("alice", ["Contributor", "Editor"])
guides.reindexObjectSecurity()

# -- stories ----------------------------------------------------------------------------------------
STORIES = [
    ("down-the-rabbit-hole", "Down the Rabbit-Hole",
     "How it all began: a white rabbit with a watch, and a very deep well.", "hatter", [
         "Alice was beginning to get very tired of sitting by her sister on the bank, and of "
         "having nothing to do: once or twice she had peeped into the book her sister was "
         "reading, but it had no pictures or conversations in it.",
         "Suddenly a White Rabbit with pink eyes ran close by her. There was nothing so very "
         "remarkable in that; but when the Rabbit actually took a watch out of its "
         "waistcoat-pocket, and looked at it, and then hurried on, Alice started to her feet.",
         "In another moment down went Alice after it, never once considering how in the world "
         "she was to get out again. Either the well was very deep, or she fell very slowly, "
         "for she had plenty of time as she went down to look about her.",
         "Down, down, down. Would the fall never come to an end? She found herself wondering "
         "whether she would fall right through the earth, and come out among the people that "
         "walk with their heads downward."]),
    ("the-pool-of-tears", "The Pool of Tears",
     "Curiouser and curiouser: growing, shrinking and a great deal of crying.", "hatter", [
         "'Curiouser and curiouser!' cried Alice; she was so much surprised that for the "
         "moment she quite forgot how to speak good English. Now she was opening out like the "
         "largest telescope that ever was.",
         "Poor Alice! It was as much as she could do, lying down on one side, to look through "
         "into the garden with one eye; but to get through was more hopeless than ever: she "
         "sat down and began to cry again.",
         "She went on shedding gallons of tears, until there was a large pool all round her, "
         "about four inches deep and reaching half down the hall.",
         "When she had shrunk again, she slipped, and in another moment, splash! she was up to "
         "her chin in salt water: the pool of tears she had wept when she was nine feet high."]),
    ("a-caucus-race", "A Caucus-Race and a Long Tale",
     "The best way to get dry, according to the Dodo.", "whiterabbit", [
         "They were indeed a queer-looking party that assembled on the bank: the birds with "
         "draggled feathers, the animals with their fur clinging close to them, and all "
         "dripping wet, cross, and uncomfortable.",
         "'The best thing to get us dry would be a Caucus-race,' said the Dodo. First it marked "
         "out a race-course, in a sort of circle, and then all the party were placed along the "
         "course, here and there.",
         "There was no 'One, two, three, and away', but they began running when they liked, "
         "and left off when they liked. When they had been running half an hour or so, and "
         "were quite dry again, the Dodo called out 'The race is over!'",
         "'But who has won?' Everybody has won, and all must have prizes: Alice pulled out a "
         "box of comfits, and handed them round as prizes."]),
    ("advice-from-a-caterpillar", "Advice from a Caterpillar",
     "A blue caterpillar, a hookah and a difficult question.", "cheshirecat", [
         "The Caterpillar and Alice looked at each other for some time in silence: at last the "
         "Caterpillar took the hookah out of its mouth, and addressed her in a languid, sleepy "
         "voice. 'Who are you?'",
         "'I hardly know, sir, just at present,' Alice replied rather shyly, 'at least I know "
         "who I was when I got up this morning, but I think I must have been changed several "
         "times since then.'",
         "'One side will make you grow taller, and the other side will make you grow "
         "shorter.' 'One side of what? The other side of what?' thought Alice to herself. 'Of "
         "the mushroom,' said the Caterpillar.",
         "Alice remained looking thoughtfully at the mushroom for a minute, trying to make out "
         "which were the two sides of it; and as it was perfectly round, she found this a very "
         "difficult question."]),
    ("a-mad-tea-party", "A Mad Tea-Party",
     "No room! No room! Riddles, butter and a sleepy Dormouse.", "hatter", [
         "There was a table set out under a tree in front of the house, and the March Hare and "
         "the Hatter were having tea at it: a Dormouse was sitting between them, fast asleep.",
         "'Have some wine,' the March Hare said in an encouraging tone. Alice looked all round "
         "the table, but there was nothing on it but tea. 'I don't see any wine,' she "
         "remarked. 'There isn't any,' said the March Hare.",
         "'Why is a raven like a writing-desk?' asked the Hatter. 'I believe I can guess "
         "that,' said Alice. But the Hatter had not the slightest idea of the answer himself.",
         "'It was the best butter,' the March Hare meekly replied, of the watch that told the "
         "day of the month and not what o'clock it was."]),
    ("the-queens-croquet-ground", "The Queen's Croquet-Ground",
     "Painting the roses red, and a game with flamingos and hedgehogs.", "whiterabbit", [
         "A large rose-tree stood near the entrance of the garden: the roses growing on it "
         "were white, but there were three gardeners at it, busily painting them red.",
         "'Can you play croquet?' shouted the Queen. 'Yes!' said Alice. 'Come on, then!' "
         "roared the Queen, and Alice joined the procession, wondering very much what would "
         "happen next.",
         "The croquet balls were live hedgehogs, and the mallets live flamingos, and the "
         "soldiers had to double themselves up and stand on their hands and feet, to make the "
         "arches.",
         "The players all played at once without waiting for turns, quarrelling all the while, "
         "and in a very short time the Queen was in a furious passion, shouting 'Off with his "
         "head!' about once in a minute."]),
]
for i, (id_, title, description, author, paragraphs) in enumerate(STORIES):
    make(stories, "Document", id_, title, description, author, when=days(-58 + 3 * i),
         text=html(*paragraphs), subject=("story",))

# -- guides ---------------------------------------------------------------------------------------
GUIDES = [
    ("croquet-with-flamingos", "Croquet with Flamingos",
     "How to hold a flamingo, and what to do when the hedgehog walks away.", "cheshirecat", [
         "<h2>Holding the mallet</h2>",
         "Tuck the flamingo's body under your arm, comfortably, with its legs hanging down. "
         "Keep its neck nicely straightened out; if it twists itself round to look up into "
         "your face, wait until it has finished laughing.",
         "<h2>The ball</h2>",
         "The hedgehog will unroll itself and crawl away. Fetch it back before the Queen "
         "notices. If it is fighting another hedgehog, take a third one.",
         "<h2>Arches</h2>",
         "The soldiers who make the arches are always getting up and walking off to other "
         "parts of the ground. Keep your temper."]),
    ("tea-party-etiquette", "Etiquette at the Mad Tea-Party",
     "Rules for guests at a table where it is always six o'clock.", "hatter", [
         "Do not sit down where you have not been invited, even if there is plenty of room. "
         "It is not very civil.",
         "When everyone moves round to a clean cup, move with them. Nobody will wash the "
         "dishes in between: it is always tea-time.",
         "Do not make personal remarks; it is very rude. Riddles are welcome, answers less "
         "so.",
         "If the Dormouse falls asleep, pour a little hot tea upon its nose. Butter belongs on "
         "bread, not in watches."]),
    ("growing-and-shrinking", "Growing and Shrinking Safely",
     "Bottles, cakes and mushrooms: a traveller's guide to changing size.", "cheshirecat", [
         "Always read the label first. A bottle marked 'poison' is almost certain to disagree "
         "with you, sooner or later; a bottle marked DRINK ME may not.",
         "Eat cakes marked EAT ME in small bites, holding a hand on top of your head to feel "
         "which way you are going.",
         "The mushroom works from both sides: nibble the right-hand bit to shrink, the "
         "left-hand bit to grow. Keep a piece of each in your pocket.",
         "Mind your neck. It may grow so long that pigeons take you for a serpent."]),
]
for i, (id_, title, description, author, paragraphs) in enumerate(GUIDES):
    make(guides, "Document", id_, title, description, author, when=days(-48 + 4 * i),
         text=html(*paragraphs), subject=("guide",))
make(guides, "Document", "things-to-remember", "Things to Remember",
     "A private list of alice's: lessons, poems and which way is which.", "alice", state=None,
     when=days(-5), text=html("How doth the little crocodile improve his shining tail.",
                              "Four times five is twelve, and four times six is thirteen.",
                              "Which side of the mushroom is which."))

# -- news ---------------------------------------------------------------------------------------------
NEWS = [
    ("croquet-tournament-announced", "Royal Croquet Tournament Announced",
     "The Queen invites all subjects to play; flamingos provided.", "whiterabbit", [
         "Her Majesty the Queen of Hearts has announced a croquet tournament on the palace "
         "ground, open to every subject of the kingdom.",
         "Flamingos and hedgehogs will be provided. Players are reminded that all play at "
         "once, and that the Queen's ball is not to be hit."]),
    ("tarts-stolen", "Tarts Stolen from the Royal Kitchen",
     "The Queen made some tarts, all on a summer day; the Knave of Hearts is accused.", "hatter", [
         "A dish of tarts made by the Queen herself disappeared from the royal kitchen on "
         "Tuesday. The Knave of Hearts has been arrested.",
         "The trial will be held before the King, with twelve jurors writing on slates. The "
         "White Rabbit will read the accusation."]),
    ("mock-turtle-new-song", "Mock Turtle Releases a New Song",
     "'Beautiful Soup, so rich and green' is sung with sobs at the seaside.", "cheshirecat", [
         "The Mock Turtle, assisted by the Gryphon, has performed a new song for the first "
         "time, entitled 'Beautiful Soup'.",
         "Listeners described it as very melancholy. The Lobster Quadrille will follow."]),
    ("pepper-banned", "Duchess's Cook Banned from Using Pepper",
     "The kitchen is quiet again after a week of sneezing.", "whiterabbit", [
         "After complaints from the baby, the Cheshire Cat and several visitors, the Duchess's "
         "cook has agreed to use no more pepper in the soup.",
         "'There's certainly too much pepper in that soup!' one visitor said. The cook "
         "replied by throwing the fire-irons."]),
]
for i, (id_, title, description, author, paragraphs) in enumerate(NEWS):
    make(news, "News Item", id_, title, description, author, when=days(-20 + 5 * i),
         text=html(*paragraphs), subject=("news",))

# -- events -----------------------------------------------------------------------------------------
EVENTS = [
    ("mad-tea-party", "The Mad Tea-Party", "Tea at six o'clock, always. No room! No room!",
     "hatter", 3, 18, 2, "Under the tree in front of the March Hare's house", "The Hatter"),
    ("croquet-tournament", "Royal Croquet Tournament",
     "All subjects play at once on the palace croquet-ground.", "queenofhearts", 10, 14, 4,
     "The Queen's croquet-ground", "The White Rabbit"),
    ("trial-of-the-knave", "The Trial of the Knave of Hearts",
     "Who stole the tarts? Sentence first, verdict afterwards.", "whiterabbit", 17, 10, 3,
     "The court of justice", "The White Rabbit"),
]
for id_, title, description, author, in_days, hour, hours, where, contact in EVENTS:
    start = days(in_days).replace(hour=hour)
    make(events, "Event", id_, title, description, author, when=days(-10),
         start=start, end=start + dt.timedelta(hours=hours), location=where,
         contact_name=contact, contact_email=f"gazette@{MAIL}",
         text=html(description, "Everyone is welcome. Please arrive on time; the White Rabbit "
                                "will not wait."), subject=("event",))

# -- the court, a collection, about -----------------------------------------------------------------
make(court, "Document", "rules-of-the-court", "Rules of the Court",
     "Rule Forty-two and the others.", "queenofhearts", when=days(-38), text=html(
         "Rule Forty-two: all persons more than a mile high to leave the court.",
         "Sentence first, verdict afterwards. Jurors shall write their names on their slates "
         "before the trial begins, in case they forget them.",
         "Anyone who stole the tarts is to be beheaded."))
make(court, "Document", "secret-plans", "The Queen's Secret Plans",
     "Not for the eyes of subjects.", "queenofhearts", state=None, when=days(-3), text=html(
         "Off with everybody's head, beginning with the gardeners.",
         "Paint every rose in the kingdom red by Thursday."))
make(site, "Collection", "whats-new", "What's New",
     "The latest news items and events, newest first.", "whiterabbit", when=days(-44),
     query=[{"i": "portal_type", "o": "plone.app.querystring.operation.selection.any",
             "v": ["News Item", "Event"]}],
     sort_on="effective", sort_reversed=True).setLayout("summary_view")
make(site, "Document", "about", "About the Gazette",
     "Who writes the Wonderland Gazette, and how to write for it.", "whiterabbit",
     when=days(-44), text=html(
         "The Wonderland Gazette is written by the inhabitants of Wonderland for its visitors. "
         "It is edited, when he is not late, by the White Rabbit.",
         "Members may write guides: sign in, open the Guides folder and add a page. An editor "
         "will look at it once you submit it for publication.",
         "Letters to the editor may be sent with the contact form. Complaints about the Queen "
         "will be forwarded to the Queen."))

# the order of the top navigation: the folders, then the collection and the about page
for id_ in ("stories", "guides", "news", "events", "court", "whats-new", "about"):
    site.moveObjectsToBottom([id_])
site.reindexObject()
transaction.commit()
print("seeded:", len(api.user.get_users()), "members,",
      len(api.content.find(portal_type=["Document", "News Item", "Event", "Collection"])),
      "documents, news items, events and collections")
