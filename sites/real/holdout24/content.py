"""Write the Wonderland content of the Pelican blog of sites/real/holdout24.

Run by `setup` with the venv's Python (any Python 3 will do):

    python content.py CONTENT_DIR

It empties CONTENT_DIR and writes Markdown sources as a Pelican author writes them (metadata
lines, then the text):

- 18 published articles in four categories (Adventures 7, Kitchen 4, Croquet 4, Workshop 3),
  by three authors (Alice Liddell, the White Rabbit, the Mad Hatter), with tags; several are
  long, with headings, lists, tables and code blocks.
- two drafts (`Status: draft`), which Pelican writes under drafts/ but lists nowhere.
- three static pages in pages/: About, Contact (with a postal address) and Tea Schedule (a
  table).
- extra/search.html: a template page for the site search (Pagefind's own search UI over the
  index `pagefind` builds from the generated site), written by Pelican as search.html.
"""

import shutil
import sys
from pathlib import Path

OUT = Path(sys.argv[1])

ALICE, RABBIT, HATTER = "Alice Liddell", "The White Rabbit", "The Mad Hatter"

# (date, slug, title, category, author, tags, summary, body)
ARTICLES = [
    ("2026-01-05 09:30", "down-the-rabbit-hole", "Down the Rabbit-Hole", "Adventures", ALICE,
     "rabbits, curiosity",
     "How a white rabbit with a pocket watch led me down a very deep well.",
     """
I was beginning to get very tired of sitting by my sister on the bank, and of having nothing
to do: once or twice I had peeped into the book she was reading, but it had no pictures or
conversations in it, "and what is the use of a book," I thought, "without pictures or
conversations?"

Then a White Rabbit with pink eyes ran close by me. There was nothing so *very* remarkable in
that; but when the Rabbit actually took a watch out of its waistcoat-pocket, and looked at it,
and then hurried on, I started to my feet.

Either the well was very deep, or I fell very slowly, for I had plenty of time as I went down
to look about me and to wonder what was going to happen next. The sides of the well were
filled with cupboards and book-shelves; here and there I saw maps and pictures hung upon pegs.

Down, down, down. Would the fall *never* come to an end? I wondered how many miles I had
fallen by that time, and whether I should come out among the people that walk with their heads
downward. Then thump! thump! down I came upon a heap of sticks and dry leaves, and the fall was
over.
"""),
    ("2026-01-12 10:00", "the-pool-of-tears", "The Pool of Tears", "Adventures", ALICE,
     "tears, mice, curiosity",
     "Curiouser and curiouser: nine feet high, then swimming in my own tears.",
     """
"Curiouser and curiouser!" I cried (I was so much surprised that for the moment I quite forgot
how to speak good English). Now I was opening out like the largest telescope that ever was.
Good-bye, feet!

I sat down and began to cry again, shedding gallons of tears, until there was a large pool
all round me, about four inches deep and reaching half down the hall.

Later, having shrunk again after fanning myself with the Rabbit's fan, I slipped and found
myself up to my chin in salt water. A Mouse came swimming by, and we had a rather awkward
conversation about cats and dogs, which I do not recommend to anyone meeting a Mouse.
"""),
    ("2026-01-19 16:45", "caucus-race-field-guide", "How to Run a Caucus-Race: a Field Guide",
     "Adventures", RABBIT, "races, dodo, rules",
     "Everything the Dodo told us about the best way to get dry, with the official results.",
     """
The best way to explain it is to do it. After our swim in the pool of tears everyone was
dripping wet, cross and uncomfortable, and the Dodo proposed a Caucus-race. This guide
collects what we learned, for the next time a party needs drying.

## What you need

- a race-course, in a sort of circle ("the exact shape doesn't matter")
- a party of wet creatures: a Duck, a Dodo, a Lory, an Eaglet and several others
- a box of comfits for the prizes, and one thimble
- nobody to say "One, two, three, and away"

## How it is run

1. Mark out the course. Place the party along it, here and there.
2. Let everyone begin running when they like, and leave off when they like.
3. After half an hour or so, when everyone is quite dry, call out "The race is over!"
4. When they crowd round, panting, and ask "But who has won?", think for a long while.
5. Announce: "*Everybody* has won, and all must have prizes."

## Official results

| Runner | Started | Stopped | Dry? | Prize |
| --- | --- | --- | --- | --- |
| The Dodo | whenever | when he liked | yes | the thimble (handed back) |
| The Duck | at once | after 30 minutes | yes | a comfit |
| The Lory | late | early | yes | a comfit |
| The Eaglet | never quite | - | mostly | a comfit |
| Alice | when pushed | when told | yes | her own thimble |

## Common mistakes

Do not try to keep count of the laps: the course has no start. Do not offer the winner a
speech; the Mouse will take it as an invitation to tell the driest thing he knows, which is
history, and it does not help at all.
"""),
    ("2026-01-26 11:15", "advice-from-a-caterpillar", "Advice from a Caterpillar", "Adventures",
     ALICE, "mushrooms, riddles",
     "A blue caterpillar on a mushroom, a hookah, and one side that makes you grow taller.",
     """
The Caterpillar and I looked at each other for some time in silence: at last it took the
hookah out of its mouth, and addressed me in a languid, sleepy voice. "Who are *you*?"

This was not an encouraging opening for a conversation. I replied, rather shyly, "I hardly
know, sir, just at present; at least I know who I *was* when I got up this morning, but I
think I must have been changed several times since then."

Before it crawled away into the grass it told me: "One side will make you grow taller, and
the other side will make you grow shorter." One side of *what*? "Of the mushroom," said the
Caterpillar, just as if I had asked it aloud.
"""),
    ("2026-02-02 08:00", "pig-and-pepper", "Pig and Pepper", "Kitchen", ALICE,
     "pepper, soup, duchess",
     "The Duchess's kitchen, full of smoke and far too much pepper.",
     """
The door led right into a large kitchen, which was full of smoke from one end to the other:
the Duchess was sitting on a three-legged stool in the middle, nursing a baby; the cook was
leaning over the fire, stirring a large cauldron which seemed to be full of soup.

"There's certainly too much pepper in that soup!" I said to myself, as well as I could for
sneezing. The only things in the kitchen that did not sneeze were the cook, and a large cat
which was sitting on the hearth and grinning from ear to ear.

The baby, I should add, turned into a pig on the way out. I set the little creature down, and
felt quite relieved to see it trot away quietly into the wood.
"""),
    ("2026-02-09 17:00", "a-mad-tea-party", "A Mad Tea-Party", "Adventures", HATTER,
     "tea, time, riddles",
     "No room! No room! Why a raven is like a writing-desk, and other questions.",
     """
The table was a large one, but the three of us were all crowded together at one corner of it:
"No room! No room!" we cried out when we saw Alice coming. "There's *plenty* of room!" said
Alice indignantly, and she sat down in a large arm-chair at one end of the table.

"Why is a raven like a writing-desk?" I asked her. I haven't the slightest idea, of course,
but it is a very good question for a tea-party, and much better than wasting time asking
riddles that have answers.

It is always six o'clock now, and always tea-time: we've no time to wash the things between
whiles. So we move round, one place at a time, as the things get used up.
"""),
    ("2026-02-16 15:30", "the-queens-jam-tarts", "The Queen's Jam Tarts", "Kitchen", HATTER,
     "tarts, queen, baking",
     "The recipe for the tarts she made, all on a summer day, before they were stolen.",
     """
The Queen of Hearts, she made some tarts, all on a summer day. Here is how, as far as the
royal cook would tell me before she was called as a witness.

## Ingredients

| Ingredient | Amount | Note |
| --- | --- | --- |
| plain flour | 225 g | sifted twice |
| cold butter | 110 g | the best butter |
| caster sugar | 1 tablespoon | |
| egg yolk | 1 | |
| strawberry jam | 12 teaspoons | one per tart, red only |
| milk | 2 tablespoons | for brushing |

## Method

1. Rub the butter into the flour until it looks like fine breadcrumbs.
2. Stir in the sugar, then the yolk and a little cold water, to make a firm dough.
3. Rest the dough for half an hour (the Queen will not wait; rest it anyway).
4. Roll it out thinly, cut twelve rounds and press them into a tart tin.
5. Put a teaspoon of jam in each, and bake at 200 °C for 15 minutes.

## Serving

Serve on a silver dish, under guard. Keep a note of how many there were: at the last count
the dish was quite empty, and the Knave of Hearts was seen nearby.
"""),
    ("2026-02-23 18:00", "keeping-time", "Keeping Time: a Watch Two Days Wrong", "Workshop",
     HATTER, "time, clocks, butter",
     "Why butter does not suit the works, with a short program to check any watch.",
     """
My watch tells the day of the month, and doesn't tell what o'clock it is. It is two days
wrong. I told the March Hare butter wouldn't suit the works! "It was the *best* butter," the
March Hare meekly replied.

## Checking a watch

The little program below compares a watch's day with the true date and says how wrong it is.
It runs on any Python 3:

```python
import datetime


def days_wrong(watch_day: int, today: datetime.date | None = None) -> int:
    \"\"\"How many days a watch that shows only the day of the month is out.\"\"\"
    today = today or datetime.date.today()
    return today.day - watch_day


if __name__ == "__main__":
    print(f"Your watch is {days_wrong(2)} days wrong.")
```

## What not to put in the works

- butter (even the best butter)
- bread-crumbs, which get in with the butter
- tea, when the watch is dipped into it to check
"""),
    ("2026-03-02 10:00", "rules-of-royal-croquet", "The Rules of Royal Croquet", "Croquet",
     RABBIT, "croquet, queen, rules, flamingos",
     "The official rules, as Her Majesty plays them: hedgehogs, flamingos and soldiers.",
     """
By order of the Queen, these rules are to be posted in the croquet-ground. They were written
down by the Herald, the White Rabbit, who is not responsible for them.

## Equipment

- **balls**: live hedgehogs, one per player
- **mallets**: live flamingos, held under the arm, feet hanging down
- **arches**: soldiers, doubled up on their hands and feet

## Order of play

There is none. All players play at once, without waiting for turns, quarrelling all the while
and fighting for the hedgehogs.

## Penalties

| Offence | Penalty | Appeal |
| --- | --- | --- |
| winning against the Queen | off with their head | none |
| losing a hedgehog | off with their head | none |
| a flamingo looking up | the shot is played again | to the King |
| an arch walking away | the arch is beheaded | to the King |
| arguing with the executioner | a very long argument | none |

## Notes

1. The King pardons everyone afterwards, quietly. Do not mention this to the Queen.
2. A cat that appears in the air without a body cannot be beheaded, as there is nothing to
   cut it off from.
3. Play ends when the Queen has sentenced everyone except the King, herself and Alice.
"""),
    ("2026-03-09 14:20", "caring-for-your-flamingo", "Caring for Your Flamingo Mallet", "Croquet",
     RABBIT, "flamingos, croquet, hedgehogs",
     "A flamingo is a mallet with opinions: how to keep it straight and looking down.",
     """
The chief difficulty Alice found at first was in managing her flamingo: she succeeded in
getting its body tucked away, comfortably enough, under her arm, with its legs hanging down,
but generally, just as she had got its neck nicely straightened out, it would twist itself
round and look up into her face.

Keep your flamingo fed and dry, speak to it kindly, and never let it see the hedgehog roll
away: flamingoes and mustard both bite, and the moral of that is, birds of a feather flock
together.
"""),
    ("2026-03-16 09:00", "painting-the-roses-red", "Painting the Roses Red", "Croquet", RABBIT,
     "roses, queen, gardening",
     "The gardeners planted a white rose-tree by mistake, and the Queen is coming.",
     """
A large rose-tree stood near the entrance of the garden: the roses growing on it were white,
but there were three gardeners at it, busily painting them red.

"Would you tell me," said Alice, a little timidly, "why you are painting those roses?" Five
and Seven said nothing, but looked at Two. Two began, in a low voice, "Why the fact is, you
see, Miss, this here ought to have been a *red* rose-tree, and we put a white one in by
mistake."

Then the Queen came, and the three gardeners instantly threw themselves flat upon their faces.
"""),
    ("2026-03-23 12:00", "the-lobster-quadrille", "The Lobster Quadrille", "Adventures", ALICE,
     "dancing, turtles, lobsters",
     "Will you, won't you, will you, won't you, will you join the dance?",
     """
The Mock Turtle sighed deeply, and drew the back of one flapper across his eyes. "You may not
have lived much under the sea," he said, "and perhaps you were never even introduced to a
lobster, so you can have no idea what a delightful thing a Lobster Quadrille is!"

First you form into a line along the sea-shore; then you clear all the jelly-fish out of the
way; you advance twice, set to partners, change lobsters, and retire in the same order. Then
you throw the lobsters as far out to sea as you can, and swim after them.
"""),
    ("2026-03-30 10:30", "who-stole-the-tarts", "Who Stole the Tarts?", "Adventures", RABBIT,
     "tarts, queen, trial",
     "The trial of the Knave of Hearts, as reported by the Herald.",
     """
The King and Queen of Hearts were seated on their throne when we arrived, with a great crowd
assembled about them. The Knave was standing before them, in chains; near the King was I, with
a trumpet in one hand and a scroll of parchment in the other.

"Herald, read the accusation!" said the King. On this I blew three blasts on the trumpet, and
then unrolled the parchment scroll, and read: "The Queen of Hearts, she made some tarts, all on
a summer day: the Knave of Hearts, he stole those tarts, and took them quite away!"

"Consider your verdict," the King said to the jury. "Not yet, not yet!" I interrupted. "There's
a great deal to come before that!"
"""),
    ("2026-04-06 13:00", "beautiful-soup", "Beautiful Soup: Mock Turtle Soup", "Kitchen", HATTER,
     "soup, turtles",
     "Soup of the evening, beautiful soup, without a turtle.",
     """
Beautiful Soup, so rich and green, waiting in a hot tureen! The Mock Turtle sings it, and he
ought to know. This is the kitchen's version, which uses no turtle at all.

- a calf's head (hence the Mock Turtle's calf's head and hooves)
- a pint of good stock
- a glass of sherry, a pinch of mace, the juice of half a lemon
- salt, and *very little* pepper (see the Duchess's kitchen)

Simmer the lot for three hours, strain, and serve in a hot tureen while singing.
"""),
    ("2026-04-13 11:00", "labelling-drink-me-bottles", "Labelling DRINK ME Bottles with Python",
     "Workshop", HATTER, "python, potions, labels",
     "A small program that prints the labels, and a table of what each bottle does.",
     """
It was all very well to say "Drink me", but the wise little Alice was not going to do *that*
in a hurry. "No, I'll look first," she said, "and see whether it's marked '*poison*' or not."
So every bottle in the hall now gets a proper label.

## What each bottle does

| Bottle | Label | Effect | Height after |
| --- | --- | --- | --- |
| small, glass | DRINK ME | shrinks | 10 inches |
| cake, currants | EAT ME | grows | 9 feet |
| unlabelled | none | grows fast | fills the room |
| fan | (a fan) | shrinks | 2 feet |

## The program

```python
from dataclasses import dataclass


@dataclass
class Bottle:
    label: str
    effect: str
    poison: bool = False

    def tag(self) -> str:
        warning = "POISON" if self.poison else "not poison"
        return f"{self.label} ({self.effect}; {warning})"


bottles = [Bottle("DRINK ME", "shrinks"), Bottle("EAT ME", "grows")]
for bottle in bottles:
    print(bottle.tag())
```

Run it and print the labels:

```sh
python labels.py > labels.txt
lpr labels.txt
```

## Rules for the hall

1. Look first, and see whether it is marked "poison" or not.
2. Keep the golden key on the glass table, not in your pocket when you shrink.
3. If you drink much from a bottle marked "poison", it is almost certain to disagree with you,
   sooner or later.
"""),
    ("2026-04-20 16:00", "measuring-the-cheshire-grin", "Measuring the Cheshire Cat's Grin",
     "Workshop", ALICE, "cats, grin, measurements",
     "A cat without a grin is common; a grin without a cat is the curious thing.",
     """
"Well! I've often seen a cat without a grin," thought I; "but a grin without a cat! It's the
most curious thing I ever saw in my life!" So I measured it, as it vanished.

| Time | What was left | Width of grin |
| --- | --- | --- |
| 0 s | the whole cat | 6 inches |
| 2 s | head and grin | 6 inches |
| 5 s | eyes and grin | 6 inches |
| 9 s | the grin | 6 inches |
| 12 s | nothing | - |

The grin, you will notice, did not change at all. I conclude that it is the rest of the cat
that comes and goes.
"""),
    ("2026-04-27 09:45", "butter-and-bread-and-butterflies", "Bread-and-Butterflies",
     "Kitchen", ALICE, "insects, bread, tea",
     "Wings of thin bread-and-butter, a body of crust and a head of a lump of sugar.",
     """
A Bread-and-butter-fly has wings of thin slices of bread-and-butter, its body is a crust, and
its head is a lump of sugar. It lives on weak tea with cream in it.

If it cannot find any, it dies, of course. "That must happen very often," I remarked
thoughtfully. "It always happens," said the Gnat. So: always keep weak tea, with cream, in the
pot.
"""),
    ("2026-05-04 08:30", "the-croquet-ground", "The Croquet Ground, Hoop by Hoop", "Croquet",
     RABBIT, "croquet, gardening",
     "A walk round the ground: ridges, furrows and soldiers who wander off.",
     """
The croquet-ground is all ridges and furrows. The arches are soldiers, who have to double
themselves up and stand on their hands and feet; they are forever getting up and walking off to
other parts of the ground.

Start at the rose-tree by the entrance, go on past the fountain and down to the
executioner's post; the last hoop is usually wherever the King is standing.
"""),
]

DRAFTS = [
    ("2026-05-11 10:00", "the-queens-speech", "The Queen's Speech (not ready)", "Croquet",
     RABBIT, "queen",
     "Notes for the Herald: do not publish until Her Majesty has seen them.",
     """
Notes for the Queen's speech at the next croquet match. Nothing here is final, and the word
"head" appears far too often.
"""),
    ("2026-05-12 10:00", "alices-evidence", "Alice's Evidence", "Adventures", ALICE,
     "trial",
     "What I would have said at the trial, if they had let me.",
     """
"Who cares for you?" I said. "You're nothing but a pack of cards!" This is a draft.
"""),
]

PAGES = [
    ("about", "About", """
This is the Wonderland Gazette, written by those who live there (and one visitor who fell in
by accident). We write about adventures, the kitchen, royal croquet and the workshop.

- **Alice Liddell** writes about what happens to her, which is a great deal.
- **The White Rabbit** is the Queen's Herald and writes down the rules; he is usually late.
- **The Mad Hatter** writes about tea, time and the workshop, where watches are mended.

Nothing on this site should be taken as advice about pepper.
"""),
    ("contact", "Contact", """
Letters to the Gazette may be left with the White Rabbit, or sent by post to:

The Wonderland Gazette  
c/o The White Rabbit's House  
1 Burrow Lane  
Wonderland WL1 2RH

E-mail: gazette@wonderland.example.org  
Office hours: always six o'clock (tea-time).

Please do not knock on the door of the house in the wood: there is no sort of use in knocking,
because the Footman is on the same side of the door as you are.
"""),
    ("tea-schedule", "Tea Schedule", """
Tea is served at six o'clock every day. Seats move round, one place at a time.

| Day | Host | Guests | Seats | Cakes |
| --- | --- | --- | --- | --- |
| Monday | The Mad Hatter | March Hare, Dormouse | 3 | bread-and-butter |
| Tuesday | The March Hare | Hatter, Dormouse | 3 | treacle |
| Wednesday | The Duchess | Alice, the Cook | 2 | none (pepper) |
| Thursday | The Queen of Hearts | everyone | 52 | jam tarts |
| Friday | The Mock Turtle | Gryphon, Alice | 3 | soup |

"Take some more tea," the March Hare said to Alice, very earnestly. "I've had nothing yet,"
Alice replied in an offended tone, "so I can't take more."
"""),
]

SEARCH = """{% extends "base.html" %}
{% block title %}Search - {{ SITENAME|striptags }}{% endblock %}
{% block extra_head %}
<link href="{{ SITEURL }}/pagefind/pagefind-ui.css" rel="stylesheet" />
<script src="{{ SITEURL }}/pagefind/pagefind-ui.js"></script>
{% endblock %}
{% block content %}
<section id="content" class="body">
  <h1 class="entry-title">Search</h1>
  <div id="search"></div>
</section>
<script>
  window.addEventListener("DOMContentLoaded", () => {
    const ui = new PagefindUI({ element: "#search", showSubResults: true, showImages: false });
    const q = new URLSearchParams(window.location.search).get("q");
    if (q) ui.triggerSearch(q);
  });
</script>
{% endblock %}
"""


def article(date, slug, title, category, author, tags, summary, body, status=None):
    meta = [f"Title: {title}", f"Date: {date}", f"Category: {category}", f"Tags: {tags}",
            f"Slug: {slug}", f"Author: {author}", f"Summary: {summary}"]
    if status:
        meta.append(f"Status: {status}")
    return "\n".join(meta) + "\n\n" + body.strip() + "\n"


def main() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    (OUT / "articles").mkdir(parents=True)
    (OUT / "pages").mkdir()
    (OUT / "extra").mkdir()
    for a in ARTICLES:
        (OUT / "articles" / f"{a[1]}.md").write_text(article(*a))
    for a in DRAFTS:
        (OUT / "articles" / f"{a[1]}.md").write_text(article(*a, status="draft"))
    for slug, title, body in PAGES:
        (OUT / "pages" / f"{slug}.md").write_text(
            f"Title: {title}\nSlug: {slug}\n\n{body.strip()}\n")
    (OUT / "extra" / "search.html").write_text(SEARCH)
    print(f"{len(ARTICLES)} articles, {len(DRAFTS)} drafts, {len(PAGES)} pages in {OUT}")


main()
