"""Seed Askbot for sites/real/holdout20: users, questions, answers, comments and tags.

Run by `setup` with Askbot's venv through `manage.py shell -c` in the project directory, on a
freshly migrated database. It uses Askbot's own user methods (post_question, post_answer,
post_comment, vote), so every row is made as the app makes it:

- alice (Alice Liddell, alice@wonderland.example.org, password from WEBAGENT_REAL_PASSWORD), an
  ordinary approved member (not a site administrator nor a moderator).
- seven other members (the Hatter, the March Hare, the White Rabbit, the Cheshire Cat, the
  Caterpillar, the Duchess, the Mock Turtle) and one administrator (the Queen of Hearts).
- eight questions with tags, eleven answers, five comments and up-votes; alice accepted an
  answer to her question.
"""

import datetime as dt
import os

from django.contrib.auth.models import User
from django.utils import timezone

from askbot.conf import settings as askbot_settings
from askbot.models import Post

askbot_settings.update("APP_TITLE", "Wonderland Q&A")
askbot_settings.update("APP_SHORT_NAME", "Wonderland Q&A")
askbot_settings.update(
    "FORUM_ABOUT",
    "Wonderland Q&A is where the inhabitants of Wonderland ask each other questions and "
    "answer them: riddles, directions, etiquette at court, the keeping of watches and the "
    "proper amount of pepper in a soup.\n\n"
    "Anyone may read. Members may ask, answer, comment and vote; the best answers rise to the "
    "top, and the asker may accept one of them.\n\n"
    "Please be civil: the Queen is watching, and she is fond of saying 'Off with their heads!'",
)

PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]  # set by `setup` (default: capturing.py's)
MAIL = "wonderland.example.org"
START = timezone.now() - dt.timedelta(days=30)


def member(username, name, karma=500, admin=False):
    user = User.objects.create_user(username=username, email=f"{username}@{MAIL}")
    user.set_password(PASSWORD if username == "alice" else None)
    if username != "alice":
        user.set_unusable_password()
    user.first_name, _, user.last_name = name.partition(" ")
    user.real_name = name
    user.reputation = karma
    if admin:
        user.is_superuser = user.is_staff = True
    user.save()
    user.set_status("d" if admin else "a")
    return user


alice = member("alice", "Alice Liddell", 800)
hatter = member("hatter", "The Hatter", 1200)
hare = member("marchhare", "The March Hare", 600)
rabbit = member("whiterabbit", "The White Rabbit", 400)
cat = member("cheshirecat", "The Cheshire Cat", 900)
caterpillar = member("caterpillar", "The Caterpillar", 700)
duchess = member("duchess", "The Duchess", 300)
turtle = member("mockturtle", "The Mock Turtle", 250)
queen = member("queenofhearts", "Queen of Hearts", 5000, admin=True)

# author, title, body, tags, [(answerer, body)], [(commenter, on-answer-index or None, body)]
QUESTIONS = [
    (hatter, "Why is a raven like a writing-desk?",
     "I have been asking this at every tea party for years and nobody has ever given me a "
     "satisfactory answer. Is there one? Please show your reasoning.",
     "riddles tea-party",
     [(alice, "I give it up. I don't think it has an answer at all, and it is a waste of time "
              "asking riddles that have no answers."),
      (cat, "Because it can produce a few notes, though they are very flat; and it is never "
            "put with the wrong end in front.")],
     [(hare, None, "Have some wine. There isn't any."), (alice, 1, "That is a very good one.")]),
    (alice, "How do I get through a door that is fifteen inches high?",
     "There is a little golden key on the glass table and a lovely garden beyond the door, but "
     "I am far too tall to fit through. What is the usual way to change one's size here?",
     "size doors keys",
     [(caterpillar, "One side of the mushroom will make you grow taller, and the other side "
                    "will make you grow shorter. Nibble carefully."),
      (rabbit, "Try the little bottle marked DRINK ME, but leave the key on the table first!")],
     [(alice, 0, "Which side is which? It is perfectly round.")]),
    (rabbit, "What is the fastest way from the rabbit-hole to the Duchess's house?",
     "I am late, I am late for a very important date. The Duchess will be savage if I keep "
     "her waiting. I need the quickest route, gloves and fan included.",
     "directions late",
     [(cat, "That depends a good deal on where you want to get to. Go either way: they're "
            "both mad.")],
     []),
    (duchess, "How much pepper belongs in a soup?",
     "My cook insists there can never be too much pepper. Everybody in the kitchen is "
     "sneezing, including the baby. What is the moral of this?",
     "cooking pepper",
     [(alice, "There's certainly too much pepper in that soup! A pinch is plenty; the baby "
              "will thank you.")],
     [(duchess, 0, "And the moral of that is: take care of the sense, and the sounds will take "
                   "care of themselves.")]),
    (turtle, "Which branches of arithmetic should a young turtle learn?",
     "At school in the sea we learned Reeling and Writhing, and then the different branches of "
     "Arithmetic: Ambition, Distraction, Uglification and Derision. Are these still taught?",
     "school arithmetic",
     [(hatter, "Uglification is the most useful of them. Derision comes naturally.")],
     []),
    (hare, "Can butter be used to mend a watch?",
     "I put the best butter into the Hatter's watch, but it still tells the day of the month "
     "and not what o'clock it is. Some crumbs got in as well. What went wrong?",
     "watches butter tea-party",
     [(hatter, "I told you butter wouldn't suit the works! It was the best butter, mind."),
      (alice, "What a funny watch! It tells the day of the month, and doesn't tell what "
              "o'clock it is.")],
     [(hare, 0, "It was the best butter.")]),
    (caterpillar, "Who are you?",
     "A simple question that nobody seems able to answer. Explain yourself, and keep your "
     "temper.",
     "identity size",
     [(alice, "I hardly know, sir, just at present. At least I know who I was when I got up "
              "this morning, but I think I must have been changed several times since then.")],
     []),
    (queen, "Rules of croquet with flamingos and hedgehogs",
     "All players are to play at once, without waiting for turns. The balls are live "
     "hedgehogs, the mallets live flamingos. Questions about the rules go here.",
     "croquet rules",
     [(cat, "How do you like the Queen? Not at all: she's so extremely...")],
     []),
]

for i, (author, title, body, tags, answers, comments) in enumerate(QUESTIONS):
    when = START + dt.timedelta(days=3 * i)
    question = author.post_question(title=title, body_text=body, tags=tags, timestamp=when)
    posted = []
    for j, (who, text) in enumerate(answers):
        posted.append(who.post_answer(question=question, body_text=text,
                                      timestamp=when + dt.timedelta(hours=j + 1)))
    for who, on, text in comments:
        parent = question if on is None else posted[on]
        who.post_comment(parent_post=parent, body_text=text,
                         timestamp=when + dt.timedelta(hours=5))
    if title.startswith("How do I get through"):
        alice.accept_best_answer(answer=posted[0], timestamp=when + dt.timedelta(days=1))
    for voter in (alice, cat, hatter):
        if voter != author:
            voter.upvote(question, timestamp=when + dt.timedelta(hours=8))

print("seeded:", User.objects.count(), "users,", Post.objects.get_questions().count(),
      "questions,", Post.objects.get_answers().count(), "answers")
