"""A thread of posts (a forum's topic, a question and its answers, a ticket's follow-ups) is
the thread's own page, with or without a box to reply under it; a list of one person's posts,
a forum's index and a blog post with its comments are not threads.

Shapes of real pages (sites/real has captures from forums and Q&A sites), written small."""

from __future__ import annotations

from tests.unit.page_kit import observe, state
from webagent.sites.match import PageIndex
from webagent.sites.profile import Profile

SAID = [
    "Time has stopped at six o'clock since I quarrelled with him, so it is always tea-time.",
    "I propose we also move the butter along the table. The best butter, of course.",
    "Wouldn't it be simpler to wash the cups between one guest and the next one?",
]


def thread(authors: list[str], *, reply_box: bool = False, titled: bool = False) -> str:
    """A topic's page: its title, then one post per author (avatar, author's link, date,
    what they said, actions), and a reply box under them when asked."""
    posts = "\n".join(
        f"""    - generic [ref=p{i}]:
      - generic [ref=v{i}]: {who[0].upper()}
      - link "{who}" [ref=a{i}]:
        - /url: /user/{ord(who[0])}/{who}/
      - listitem [ref=d{i}]: 11 Nov
"""
        + (
            f"""      - heading "Re: seats at tea, part {i}" [level=3] [ref=h{i}]:
        - link "Re: seats at tea, part {i}" [ref=t{i}]:
          - /url: /topic/{i}/seats/
"""
            if titled
            else ""
        )
        + f"""      - paragraph [ref=s{i}]: "{SAID[i % len(SAID)]}"
      - link "report" [ref=r{i}]:
        - /url: /comment/flag/{i}/create/"""
        for i, who in enumerate(authors)
    )
    box = """
  - textbox "Write comment..." [ref=w1]
  - button "Publish" [ref=w2]"""
    return f"""
- main [ref=e1]:
  - heading "It is always six o'clock: a schedule for tea" [level=1] [ref=e2]
  - generic [ref=e3]:
{posts}{box if reply_box else ""}
"""


def test_a_thread_of_posts_by_several_people_is_the_threads_page(generic: Profile) -> None:
    """Signed out it reads as the topic's page, not a list of its posts; signed in, the box
    to reply under the posts does not make it a form to fill in."""
    people = ["hatter", "march_hare", "alice"]
    assert PageIndex.of(observe(thread(people))).posts == 3
    assert state(generic, thread(people)) == "detail"
    assert state(generic, thread(people, reply_box=True)) == "detail"


def test_posts_of_one_person_or_under_their_own_titles_are_no_thread(generic: Profile) -> None:
    """Someone's posts, one after the other, or posts each under a linked title (an index of
    topics) are a list of posts, not one thread."""
    assert PageIndex.of(observe(thread(["hatter"] * 3))).posts == 0
    titled = thread(["hatter", "march_hare", "alice"], titled=True)
    assert PageIndex.of(observe(titled)).posts == 0
    assert state(generic, titled) != "detail"


def test_comments_under_a_longer_post_leave_it_an_article(generic: Profile) -> None:
    """A blog post with two short comments under it: the post holds most of the prose, so
    the comments are not a thread and the page stays an article."""
    body = "\n".join(
        f"  - paragraph [ref=b{i}]: {SAID[i % 3]} {SAID[(i + 1) % 3]}" for i in range(4)
    )
    comments = thread(["hatter", "march_hare"]).split("- generic [ref=e3]:")[1]
    page = f"""
- main [ref=e1]:
  - heading "A schedule for tea" [level=1] [ref=e2]
{body}
  - heading "Comments" [level=2] [ref=c1]
  - generic [ref=e3]:{comments}"""
    assert PageIndex.of(observe(page)).posts == 0
    assert state(generic, page) == "article"


def test_entries_each_under_a_title_link_with_a_byline_are_a_listing(generic: Profile) -> None:
    """A folder's contents: each entry its title (a link to the item), then who wrote it and
    a line of description, by several authors. A list of items, not a discussion."""
    entries = "\n".join(
        f"""    - generic [ref=p{i}]:
      - link "{title}" [ref=t{i}]:
        - /url: /guides/{i}/
      - text: by
      - link "{who}" [ref=a{i}]:
        - /url: /author/{who}
      - paragraph [ref=s{i}]: "{SAID[i % len(SAID)]}"
"""
        for i, (title, who) in enumerate(
            [
                ("Croquet with Flamingos", "alice"),
                ("Etiquette at the Tea-Party", "hatter"),
                ("Growing and Shrinking Safely", "alice"),
                ("Swimming in the Pool of Tears", "mouse"),
            ]
        )
    )
    page = f"""
- main [ref=e1]:
  - heading "Guides" [level=1] [ref=e2]
  - generic [ref=e3]:
{entries}"""
    assert PageIndex.of(observe(page)).posts == 0
    assert state(generic, page) == "listing"
