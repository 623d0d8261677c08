"""Seed the Label Studio of sites/real/holdout34 through its own web forms and REST API.

Run by `setup` with the app's own venv Python, against a server it started on a seed port:

    python seed.py http://127.0.0.1:18116

alice (made by `label-studio init`) signs in through the sign-in form, as a person does, and
uses the REST API with her session (Django's CSRF token in a header, like the web app). The
Mad Hatter signs up through the sign-up form (he joins Label Studio's one organization). Both
passwords are $WEBAGENT_REAL_PASSWORD (the hatter is given alice's, so that capturing redacts
it), read from the environment, never written to a file.

What it makes (ids are those of a fresh database, which the capture script relies on):
  project 1  "Tea Party Sentiment": text classification (Positive / Negative / Neutral and a
             confidence rating), 24 quotes; 10 annotated by alice, 4 by the hatter, one skipped
  project 2  "Looking-Glass Names": named entities (Person, Place, Creature, Object) in 14
             sentences; 5 annotated by alice
  project 3  "Croquet Ground Survey": a question-answering config with no tasks yet (empty)
"""

from __future__ import annotations

import os
import re
import sys

import requests

BASE = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:18116"
PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]
ALICE = os.environ.get("ALICE_EMAIL", "alice@wonderland.example")
HATTER = os.environ.get("HATTER_EMAIL", "hatter@wonderland.example")


def session(email: str, *, signup: bool = False) -> requests.Session:
    """A browser-like session signed in through the sign-in (or sign-up) form."""
    s = requests.Session()
    path = "/user/signup/" if signup else "/user/login/"
    page = s.get(BASE + path)
    page.raise_for_status()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    data = {"csrfmiddlewaretoken": token, "email": email, "password": PASSWORD}
    if signup:
        data["how_find_us"] = "Friends"
    done = s.post(BASE + path, data=data, headers={"Referer": BASE + path})
    done.raise_for_status()
    if "/user/login" in done.url or "/user/signup" in done.url:
        sys.exit(f"seed: could not sign in as {email} ({done.url})")
    s.headers.update({"X-CSRFToken": s.cookies["csrftoken"], "Referer": BASE + "/"})
    return s


def call(s: requests.Session, method: str, path: str, **kwargs) -> dict | list:
    r = s.request(method, BASE + path, **kwargs)
    if r.status_code >= 400:
        sys.exit(f"seed: {method} {path}: {r.status_code} {r.text[:400]}")
    return r.json() if r.content else {}


SENTIMENT_CONFIG = """<View>
  <Header value="How does the speaker feel?"/>
  <Text name="quote" value="$text"/>
  <Choices name="sentiment" toName="quote" choice="single" showInline="true">
    <Choice value="Positive"/>
    <Choice value="Negative"/>
    <Choice value="Neutral"/>
  </Choices>
  <Rating name="confidence" toName="quote" maxRating="5"/>
</View>"""

NAMES_CONFIG = """<View>
  <Labels name="label" toName="text">
    <Label value="Person" background="#ffa39e"/>
    <Label value="Place" background="#91d5ff"/>
    <Label value="Creature" background="#b7eb8f"/>
    <Label value="Object" background="#ffd591"/>
  </Labels>
  <Text name="text" value="$text"/>
</View>"""

SURVEY_CONFIG = """<View>
  <Header value="Read the note from the croquet ground"/>
  <Text name="note" value="$note"/>
  <Header value="What needs mending?"/>
  <TextArea name="answer" toName="note" rows="3" editable="true"/>
  <Choices name="urgent" toName="note">
    <Choice value="Urgent"/>
  </Choices>
</View>"""

QUOTES = [
    ("Have some wine, said the March Hare in an encouraging tone.", "Positive"),
    ("I don't see any wine, remarked Alice.", "Negative"),
    ("There isn't any, said the March Hare.", "Negative"),
    ("Then it wasn't very civil of you to offer it, said Alice angrily.", "Negative"),
    ("It wasn't very civil of you to sit down without being invited.", "Negative"),
    ("I didn't know it was your table; it's laid for a great many more than three.", "Neutral"),
    ("Your hair wants cutting, said the Hatter.", "Neutral"),
    ("Why is a raven like a writing-desk?", "Neutral"),
    ("Come, we shall have some fun now! thought Alice.", "Positive"),
    ("I'm glad they've begun asking riddles.", "Positive"),
    ("It was the best butter, the March Hare meekly replied.", "Neutral"),
    (
        "What a funny watch! It tells the day of the month, and doesn't tell what o'clock it is!",
        "Positive",
    ),
    (
        "The Dormouse is asleep again, said the Hatter, and he poured a little hot tea "
        "upon its nose.",
        "Neutral",
    ),
    ("I give it up, Alice replied: what's the answer?", "Neutral"),
    (
        "I think you might do something better with the time than wasting it in asking riddles.",
        "Negative",
    ),
    ("Take some more tea, the March Hare said to Alice, very earnestly.", "Positive"),
    ("I've had nothing yet, so I can't take more.", "Negative"),
    ("You mean you can't take less: it's very easy to take more than nothing.", "Neutral"),
    ("Nobody asked your opinion, said Alice.", "Negative"),
    ("Who's making personal remarks now? the Hatter asked triumphantly.", "Positive"),
    ("Twinkle, twinkle, little bat! How I wonder what you're at!", "Positive"),
    ("It's always six o'clock now.", "Neutral"),
    (
        "At any rate I'll never go there again! said Alice. It's the stupidest tea-party "
        "I ever was at in all my life!",
        "Negative",
    ),
    (
        "Once upon a time there were three little sisters, the Dormouse began in a great hurry.",
        "Neutral",
    ),
]

SENTENCES = [
    "Alice walked through the looking-glass into the drawing-room of the Red Queen.",
    "Tweedledum and Tweedledee stood under a tree near the crossroads.",
    "The White Knight fell off his horse at the edge of the forest.",
    "Humpty Dumpty sat on a narrow wall and talked about his cravat.",
    "The Jabberwock came whiffling through the tulgey wood.",
    "The Red King lay snoring under the tree while the Queens argued.",
    "A Gnat whispered jokes to Alice on the railway carriage.",
    "The Sheep kept a little shop full of knitting needles and eggs.",
    "The Lion and the Unicorn fought all round the town for the crown.",
    "Alice found a golden crown on her head at the eighth square.",
    "The Walrus and the Carpenter walked along the beach with the Oysters.",
    "The Tiger-lily told Alice that the daisies were the rudest flowers in the garden.",
    "The White Queen pinned her shawl with a brooch by the brook.",
    "Haigha and Hatta brought plum-cake to the battle in the market-place.",
]

# (sentence index, [(start, end, label), ...]) for the annotated ones: found by word below
NAMED = {
    0: [("Alice", "Person"), ("drawing-room", "Place"), ("Red Queen", "Person")],
    1: [("Tweedledum", "Person"), ("Tweedledee", "Person"), ("crossroads", "Place")],
    2: [("White Knight", "Person"), ("horse", "Creature"), ("forest", "Place")],
    3: [("Humpty Dumpty", "Person"), ("wall", "Place"), ("cravat", "Object")],
    4: [("Jabberwock", "Creature"), ("tulgey wood", "Place")],
}

NOTES = [
    "Three hoops on the east lawn are bent out of shape by the hedgehogs.",
    "The flamingos refuse to hold their necks straight before noon.",
]


def sentiment_result(label: str, stars: int) -> list[dict]:
    return [
        {
            "from_name": "sentiment",
            "to_name": "quote",
            "type": "choices",
            "value": {"choices": [label]},
        },
        {
            "from_name": "confidence",
            "to_name": "quote",
            "type": "rating",
            "value": {"rating": stars},
        },
    ]


def names_result(text: str, names: list[tuple[str, str]]) -> list[dict]:
    out = []
    for i, (words, label) in enumerate(names):
        start = text.index(words)
        out.append(
            {
                "id": f"n{i}",
                "from_name": "label",
                "to_name": "text",
                "type": "labels",
                "value": {
                    "start": start,
                    "end": start + len(words),
                    "text": words,
                    "labels": [label],
                },
            }
        )
    return out


def main() -> None:
    alice = session(ALICE)
    me = call(alice, "GET", "/api/current-user/whoami")
    call(
        alice,
        "PATCH",
        f"/api/users/{me['id']}/",
        json={"first_name": "Alice", "last_name": "Liddell", "username": "alice"},
    )

    tea = call(
        alice,
        "POST",
        "/api/projects/",
        json={
            "title": "Tea Party Sentiment",
            "description": "How does each speaker at the Mad Tea-Party feel? One choice per quote, "
            "and how sure you are.",
            "label_config": SENTIMENT_CONFIG,
            "color": "#617ADA",
            "show_instruction": True,
            "expert_instruction": "<p>Read the quote and pick the speaker's mood. "
            "Rate your confidence from one to five stars.</p>",
        },
    )
    call(alice, "POST", f"/api/projects/{tea['id']}/import", json=[{"text": q} for q, _ in QUOTES])
    names = call(
        alice,
        "POST",
        "/api/projects/",
        json={
            "title": "Looking-Glass Names",
            "description": "Mark the people, places, creatures and objects in sentences from "
            "Through the Looking-Glass.",
            "label_config": NAMES_CONFIG,
            "color": "#D55C9D",
        },
    )
    call(
        alice, "POST", f"/api/projects/{names['id']}/import", json=[{"text": t} for t in SENTENCES]
    )
    call(
        alice,
        "POST",
        "/api/projects/",
        json={
            "title": "Croquet Ground Survey",
            "description": "Notes from the Queen's croquet ground: what needs mending. "
            "No notes imported yet.",
            "label_config": SURVEY_CONFIG,
            "color": "#5CB85C",
        },
    )

    tea_tasks = call(alice, "GET", f"/api/tasks/?project={tea['id']}&page_size=100")["tasks"]
    tea_tasks.sort(key=lambda t: t["id"])
    for i, task in enumerate(tea_tasks[:10]):
        call(
            alice,
            "POST",
            f"/api/tasks/{task['id']}/annotations/",
            json={"result": sentiment_result(QUOTES[i][1], 3 + i % 3), "lead_time": 12.5 + i},
        )
    # one task skipped by alice (a cancelled annotation, as "Skip" makes)
    call(
        alice,
        "POST",
        f"/api/tasks/{tea_tasks[10]['id']}/annotations/",
        json={"result": [], "was_cancelled": True},
    )

    name_tasks = call(alice, "GET", f"/api/tasks/?project={names['id']}&page_size=100")["tasks"]
    name_tasks.sort(key=lambda t: t["id"])
    for i, words in NAMED.items():
        task = name_tasks[i]
        call(
            alice,
            "POST",
            f"/api/tasks/{task['id']}/annotations/",
            json={"result": names_result(task["data"]["text"], words), "lead_time": 40.0},
        )

    hatter = session(HATTER, signup=True)
    hme = call(hatter, "GET", "/api/current-user/whoami")
    call(
        hatter,
        "PATCH",
        f"/api/users/{hme['id']}/",
        json={"first_name": "Hatter", "last_name": "Mad", "username": "hatter"},
    )
    for i, task in enumerate(tea_tasks[11:15]):
        call(
            hatter,
            "POST",
            f"/api/tasks/{task['id']}/annotations/",
            json={"result": sentiment_result(QUOTES[11 + i][1], 5), "lead_time": 3.0},
        )

    projects = call(alice, "GET", "/api/projects/?page_size=10")["results"]
    for p in projects:
        print(
            f"  project {p['id']}: {p['title']}: {p['task_number']} tasks, "
            f"{p.get('total_annotations_number')} annotations"
        )
    print(f"  users: alice ({me['id']}), hatter ({hme['id']})")


if __name__ == "__main__":
    main()
