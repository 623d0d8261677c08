"""Kinds of page the generic states tell apart on any web app: what a page says it did, what
it says it found, and what its content is made of.

Each case is a general shape of real pages (sites/real has captures of them), written here
small enough to read; each fails without the rule it is named after.
"""

from __future__ import annotations

import pytest

from tests.unit.page_kit import observe, state
from webagent.sites.classify import Classifier
from webagent.sites.match import PageIndex
from webagent.sites.profile import Profile

POST = """
- main [ref=e1]:
  - generic [ref=e2]:
    - button "Dismiss" [ref=e3]
    - text: "{message}"
  - heading "Does the Cat drink tea?" [level=1] [ref=e4]
  - link "Post reply" [ref=e5]:
    - /url: /topic/14/reply
  - paragraph [ref=e6]:
    - text: "By:"
    - link "alice" [ref=e7]:
      - /url: /member/1
    - text: on 26 Nov 2026
  - paragraph [ref=e8]: Whenever I pour tea for the Cat the cup is empty before the pot is down.
"""


@pytest.mark.parametrize(
    "message",
    [
        "This message has been posted successfully.",
        "You subscribed to this topic successfully.",
        "Successfully deleted 1 record.",
        "Your vote has been cast.",
    ],
)
def test_a_message_that_something_was_done_is_a_confirmation(
    generic: Profile, message: str
) -> None:
    """A short message on top of the page, saying what was just done, reports an outcome."""
    assert state(generic, POST.format(message=message)) == "confirmation"
    told = POST.format(message="Be kind to the other guests.")
    assert state(generic, told) != "confirmation"


def test_a_page_saying_how_many_entries_it_found_is_a_listing(generic: Profile) -> None:
    """'15 posts found' over posts one after the other (each a paragraph first, so not
    entries that lead with their link): a list, not an article."""
    posts = "\n".join(
        f"""    - generic [ref=g{i}]:
      - paragraph [ref=b{i}]:
        - text: "By:"
        - link "hatter" [ref=a{i}]:
          - /url: /member/2
        - text: on {i + 1} Oct 2026
      - paragraph [ref=t{i}]: Thursday is an unbirthday for all but the King, I approve ({i})."""
        for i in range(6)
    )
    page = f"""
- main [ref=e1]:
  - heading "hatter's posts" [level=1] [ref=e2]
  - paragraph [ref=e3]: 15 posts found
  - generic [ref=e4]:
{posts}
"""
    assert state(generic, page) == "listing"
    assert state(generic, page.replace("15 posts found", "Posts of the week")) == "article"


def test_an_article_with_a_list_of_points_is_no_listing(generic: Profile) -> None:
    """The points of a text's list lead nowhere: a short article with a bulleted list and a
    few links in its sentences is an article, not a list of entries."""
    page = """
- main [ref=e1]:
  - heading "Darjeeling" [level=1] [ref=e2]
  - paragraph [ref=e3]:
    - text: Darjeeling is a town in India and the name of the
    - link "black tea" [ref=e4]:
      - /url: /wiki/Black_tea
    - text: grown on the estates around it.
  - paragraph [ref=e5]: "It is sold by harvest, or flush:"
  - list [ref=e6]:
    - listitem [ref=e7]: "First flush: light, bright and floral."
    - listitem [ref=e8]: "Second flush: fuller, with a muscatel flavour."
    - listitem [ref=e9]: "Autumn flush: darker and mellow."
    - listitem [ref=e10]:
      - link "Tea types" [ref=e11]:
        - /url: /wiki/Category:Tea_types
  - link "Camellia sinensis" [ref=e12]:
    - /url: /wiki/Camellia_sinensis
"""
    assert state(generic, page) == "article"


def entries(count: int) -> str:
    return "\n".join(
        f"""    - row [ref=r{i}]:
      - cell "2024-03-0{i + 1}" [ref=d{i}]
      - cell [ref=c{i}]:
        - link "Fix the clock stuck at six ({i})" [ref=l{i}]:
          - /url: /info/{i}"""
        for i in range(count)
    )


def test_a_few_rows_that_lead_somewhere_are_a_listing(generic: Profile) -> None:
    """Two or three rows, each with its link, and next to no running text: a short history,
    a forum of two topics; a table whose rows lead nowhere is not."""
    page = f"""
- main [ref=e1]:
  - heading "History for clock.py" [level=2] [ref=e2]
  - table [ref=t1]:
{entries(2)}
"""
    assert state(generic, page) == "listing"
    unlinked = page.replace('        - link "Fix', '        - generic "Fix')
    assert state(generic, unlinked) != "listing"


def test_an_order_confirmed_above_its_totals_is_a_confirmation(generic: Profile) -> None:
    """A table of one order's totals (rows of a label and an amount) does not outweigh the
    message that the order was placed; a table of records under column headers does."""
    totals = "\n".join(
        f"""    - row [ref=r{i}]:
      - cell "{name}" [ref=n{i}]
      - cell "£{i}.25" [ref=v{i}]"""
        for i, name in enumerate(["Basket total", "Discount", "Shipping", "Tax", "Order total"])
    )
    page = f"""
- main [ref=e1]:
  - heading "Order 100003" [level=1] [ref=e2]
  - paragraph [ref=e3]: Your order has been placed and a confirmation email has been sent.
  - table [ref=t1]:
{totals}
"""
    assert state(generic, page) == "confirmation"
    records = page.replace(
        '    - row [ref=r0]:\n      - cell "Basket total" [ref=n0]\n      - cell "£0.25" [ref=v0]',
        '    - row [ref=h]:\n      - columnheader "Item" [ref=h1]\n'
        '      - columnheader "Price" [ref=h2]',
    )
    assert state(generic, records) != "confirmation"


def test_saying_one_will_be_notified_is_a_confirmation(generic: Profile) -> None:
    page = """
- main [ref=e1]:
  - heading "Lost password" [level=1] [ref=e2]
  - paragraph [ref=e3]: If this account exists, you will be notified by e-mail shortly.
"""
    assert state(generic, page) == "confirmation"


DIFF = """
- main [ref=e1]:
  - heading "{heading}" [level=1] [ref=e2]
  - paragraph [ref=e3]: Revision 2 by bob, with the comment that the riddle was added to it.
  - paragraph [ref=e4]: The party is held in front of the house, under a tree, every day.
  - paragraph [ref=e5]: It is always six o'clock there, so it is always time for tea.
  - paragraph [ref=e6]: Why is a raven like a writing desk? Nobody at the table knows.
"""


def test_a_diff_of_two_versions_is_neither_an_article_nor_a_listing(generic: Profile) -> None:
    """A diff shows text, but it is a comparison to read as such (`other`), not an article;
    an article about differences stays an article."""
    assert state(generic, DIFF.format(heading="Diff for 'Mad Tea Party'")) == "other"
    revisions = DIFF.format(heading="Tea party: Difference between revisions")
    assert state(generic, revisions) == "other"
    marked = DIFF.format(heading="Check-in").replace(
        "  - paragraph [ref=e5]:",
        "  - insertion [ref=i1]: new line\n  - insertion [ref=i2]: more\n  - paragraph [ref=e5]:",
    )
    assert state(generic, marked) == "other"
    about = DIFF.format(heading="Differences between green and black tea")
    assert state(generic, about) == "article"


@pytest.mark.parametrize(
    "message",
    ["No redirects have been created. Why not add one?", "No bookmarks yet.", "Nothing to show."],
)
def test_an_empty_list_that_says_so_is_a_listing(generic: Profile, message: str) -> None:
    page = f"""
- main [ref=e1]:
  - heading "Redirects" [level=1] [ref=e2]
  - link "Add redirect" [ref=e3]:
    - /url: /redirects/add
  - paragraph [ref=e4]: {message}
"""
    assert state(generic, page) == "listing"


def test_a_form_whose_button_is_a_styled_container_is_a_form(generic: Profile) -> None:
    """A form's Save may be a plain container styled as clickable (a pointer cursor of its
    own), not a button element: it is the form's button all the same. A clickable container
    outside a form (a section's title that folds it) is no button."""
    page = """
- generic [ref=e1]:
  - heading "Add New User" [level=1] [ref=e2]
  - form [ref=e3]:
    - generic [ref=e4]:
      - generic [ref=e5]: Username
      - textbox "Username" [ref=e6]
    - generic [ref=e7]:
      - generic [ref=e8]: Email
      - textbox "Email" [ref=e9]
    - generic [ref=e10]:
      - generic [ref=e11] [cursor=pointer]: Save
      - generic [ref=e12] [cursor=pointer]: Cancel
"""
    assert state(generic, page) == "form"
    folded = """
- generic [ref=e1]:
  - heading "Check-in 4f2a" [level=1] [ref=e2]
  - generic [ref=e3] [cursor=pointer]: Changes
  - textbox "Diff options" [ref=e4]
"""
    assert ("button", "Changes") not in PageIndex.of(observe(folded)).nodes


def test_a_form_of_many_fields_is_a_form_whatever_its_button(generic: Profile) -> None:
    """A form of many fields is a form to fill in even when nothing marks its button (its
    Save is text in a plain container); a long form of search criteria stays a search."""
    fields = "\n".join(
        f'    - checkbox "Show {name}" [checked] [ref=c{i}]'
        for i, name in enumerate(["Hot Books", "Series", "Authors", "Publishers", "Ratings"])
    )
    page = f"""
- generic [ref=e1]:
  - heading "alice's Profile" [level=1] [ref=e2]
  - form [ref=e3]:
    - textbox "Username" [ref=e4]: alice
    - textbox "Email" [ref=e5]: alice@wonderland.test
{fields}
    - generic [ref=e6]: Save
"""
    assert state(generic, page) == "form"
    criteria = page.replace("- generic [ref=e6]: Save", '- button "Search" [ref=e6]')
    assert state(generic, criteria) == "search"


def test_a_form_whose_sections_are_folded_is_a_form(generic: Profile) -> None:
    """A settings form may show only its sections' titles (links that open them on this
    page) and its Save: those titles are the form's words, not links away, and the form
    with its button is a form."""
    sections = "\n".join(
        f'    - heading [level=4] [ref=h{i}]:\n      - link "+ {name}" [ref=l{i}]:\n'
        f'        - /url: "#collapse{i}"'
        for i, name in enumerate(["Server Configuration", "Logfile Configuration", "Security"])
    )
    page = f"""
- generic [ref=e1]:
  - heading "Basic Configuration" [level=2] [ref=e2]
  - form [ref=e3]:
{sections}
    - button "Save" [ref=e4]
    - link "Cancel" [ref=e5]:
      - /url: /admin
"""
    assert PageIndex.of(observe(page)).link_words == 1
    assert state(generic, page) == "form"


def test_a_record_with_one_box_is_the_records_page_not_a_form(generic: Profile) -> None:
    """One record's facts (a table of its properties) with a single box under them (a
    comment, a query) is the record's page; a form laid out with row headers over several
    fields is still a form."""
    facts = "\n".join(
        f'    - row [ref=r{i}]:\n      - rowheader "{k}" [ref=k{i}]\n      - cell "{v}" [ref=v{i}]'
        for i, (k, v) in enumerate([("Status", "Open"), ("Queue", "IT"), ("Owner", "alice")])
    )
    page = f"""
- main [ref=e1]:
  - heading "Printer prints blank pages" [level=1] [ref=e2]
  - table [ref=e3]:
{facts}
  - textbox "Comment" [ref=e4]
  - button "Update This Ticket" [ref=e5]
"""
    assert state(generic, page) == "detail"
    form = page.replace(
        '  - textbox "Comment" [ref=e4]', '  - textbox "Title" [ref=e4]\n  - textbox "Due" [ref=e6]'
    )
    assert state(generic, form) == "form"


SIGN_IN = """
- main [ref=e1]:
  - heading "{heading}" [level=2] [ref=e2]
  - generic [ref=e3]: Project identifier
  - textbox "Project identifier" [ref=e4]
  - generic [ref=e5]: Private code
  - textbox "Private code" [ref=e6]
  - button "submit" [ref=e7]
  - link "Can't remember the password?" [ref=e8]:
    - /url: /password-reminder
{more}"""


def test_a_page_headed_as_a_sign_in_over_a_small_form_is_a_sign_in_page(
    generic: Profile,
) -> None:
    """Its heading is the page's point ("Authentication"), whatever its button says; the
    same heading over a longer form (an account to create) is no sign-in page."""
    for heading in ("Authentication", "Log in", "Sign in"):
        assert state(generic, SIGN_IN.format(heading=heading, more="")) == "login"
    longer = "\n".join(f'  - textbox "Field {i}" [ref=f{i}]' for i in range(3))
    assert state(generic, SIGN_IN.format(heading="Log in", more=longer)) != "login"
    assert state(generic, SIGN_IN.format(heading="Settings", more="")) != "login"


TICKET = """
- main [ref=e1]:
  - heading "Printer in the Long Hall prints only blank pages" [level=2] [ref=e2]
  - paragraph [ref=e3]: Since Monday the printer feeds paper but prints nothing.
  - generic [ref=e4]:
    - text: Priority
    - paragraph [ref=e5]: 2. High
  - generic [ref=e6]:
    - text: Status
    - paragraph [ref=e7]: Open
  - generic [ref=e8]:
    - text: Assigned to
    - combobox [ref=e9]:
      - option "Unassigned"
      - option "Alice Liddell" [selected]
    - button "Save ticket assignment" [ref=e10]
{more}"""


def test_an_items_properties_with_a_select_to_change_one_are_its_page(generic: Profile) -> None:
    """Three properties or more on lines of their own (Priority, Status, Assigned to) and
    a select with its Save button: the item's page, not a form; with two boxes more to
    fill in, a form."""
    assert state(generic, TICKET.format(more="")) == "detail"
    fields = '  - textbox "Title" [ref=e11]\n  - textbox "Comment" [ref=e12]'
    assert state(generic, TICKET.format(more=fields)) == "form"


def blog(linked: bool) -> str:
    titles = ["Tea shortage", "The Lobster Quadrille", "A new hat"]
    posts = "\n".join(
        (
            f"""  - heading [level=2] [ref=h{i}]:
    - link "{title}" [ref=l{i}]:
      - /url: /blog/{i}/"""
            if linked
            else f'  - heading "{title}" [level=2] [ref=h{i}]'
        )
        + f"""
  - paragraph [ref=p{i}]: {title}, told in this week's issue with pictures from the garden."""
        for i, title in enumerate(titles)
    )
    return f'- main [ref=e1]:\n  - heading "Blog" [level=1] [ref=e2]\n{posts}\n'


def test_a_blogs_index_of_linked_titles_is_a_listing(generic: Profile) -> None:
    """Posts one after the other, not each in a container of its own: a linked title and an
    excerpt each. An article's section headings (not links) stay an article."""
    assert state(generic, blog(linked=True)) == "listing"
    assert state(generic, blog(linked=False)) == "article"


LIST_PAGE = """- main [ref=e1]:
  - heading "{heading}" [level=1] [ref=e2]
  - generic [ref=e3]:
{entries}
"""


def short_entries(count: int) -> str:
    entries = "\n".join(
        f"""    - generic [ref=g{i}]:
      - generic [ref=c{i}]: "{i + 1}"
      - link "Author {i}" [ref=a{i}]:
        - /url: /author/{i}"""
        for i in range(count)
    )
    return LIST_PAGE.format(heading="Authors", entries=entries)


def test_many_short_entries_side_by_side_are_a_listing(generic: Profile) -> None:
    """Ten names with their number of books: a list, though each entry is two words and a
    count; three such entries are a menu's, not a list."""
    assert state(generic, short_entries(10)) == "listing"
    assert state(generic, short_entries(3)) != "listing"


def test_three_cards_and_nothing_else_are_a_listing(generic: Profile) -> None:
    """Three series, each a card (a cover, a count, a name, linked) on a page with next to no
    running text."""
    cards = "\n".join(
        f"""    - generic [ref=g{i}]:
      - link "{name} cover {n}" [ref=a{i}]:
        - /url: /series/{i}
      - link [ref=b{i}]:
        - /url: /series/{i}
        - paragraph [ref=p{i}]: {name}"""
        for i, (name, n) in enumerate(
            [("Through the Looking-Glass", 2), ("Ozma of Oz", 3), ("The Phoenix and the Carpet", 2)]
        )
    )
    assert state(generic, LIST_PAGE.format(heading="Series", entries=cards)) == "listing"


def test_a_status_chooser_headed_with_the_status_is_no_confirmation(generic: Profile) -> None:
    """A proposal's page whose status menu is headed with its current status ("confirmed"):
    the word labels a control; the page confirms nothing. The same heading on the page is a
    confirmation."""
    page = """
- main [ref=e1]:
  - heading "Why is a raven like a writing-desk?" [level=2] [ref=e2]:
    - text: Why is a raven like a writing-desk?
    - menu [ref=e3]:
      - generic "confirmed" [ref=e4]:
        - heading "confirmed" [level=4] [ref=e5]
  - textbox "Speaker email" [ref=e6]
  - textbox "Speaker name" [ref=e7]
  - button "Add speaker" [ref=e8]
  - heading "The Hatter" [level=3] [ref=e9]
  - paragraph [ref=e10]: Hatter and milliner of some renown, known for riddles with no answers.
"""
    assert state(generic, page) != "confirmation"
    headed = '- main [ref=e1]:\n  - heading "Confirmed" [level=2] [ref=e2]\n'
    assert state(generic, headed + "  - paragraph [ref=e3]: See you at six o'clock.\n") == (
        "confirmation"
    )


def test_cards_that_are_each_one_link_are_a_listing(generic: Profile) -> None:
    """Speakers as cards, each card one link holding a name, a line of biography and a
    session: a list; links of a word or two side by side (a menu) are not."""
    cards = "\n".join(
        f"""    - link "{name} {bio}" [ref=a{i}]:
      - /url: /speaker/{i}/
      - generic [ref=g{i}]:
        - generic [ref=n{i}]: {name}
        - paragraph [ref=p{i}]: {bio}"""
        for i, (name, bio) in enumerate(
            [
                ("The Caterpillar", "Sits on a mushroom and asks visitors who they are."),
                ("The Cheshire Cat", "Grins, then vanishes from the tail to the grin."),
                ("The Dormouse", "Storyteller, mostly asleep, expert on treacle wells."),
                ("The Hatter", "Milliner of renown, asking riddles with no answers."),
            ]
        )
    )
    assert state(generic, LIST_PAGE.format(heading="Speakers", entries=cards)) == "listing"
    menu = "\n".join(
        f'    - link "{word}" [ref=m{i}]:\n      - /url: /{word.lower()}/'
        for i, word in enumerate(["Home", "Speakers", "Schedule", "Sessions"])
    )
    assert state(generic, LIST_PAGE.format(heading="Speakers", entries=menu)) != "listing"


@pytest.mark.parametrize(
    "question",
    [
        "Please confirm that you really want to change the state of this proposal.",
        "Would you like to subscribe to this topic?",
    ],
)
def test_a_page_asking_to_confirm_a_change_is_a_form(generic: Profile, question: str) -> None:
    """'Please confirm that you really want to change the state of this proposal.', or
    'Would you like to subscribe to this topic?', and its button: a page that asks before
    it acts."""
    page = f"""
- main [ref=e1]:
  - heading "Up the Chimney and Out Again" [level=2] [ref=e2]
  - paragraph [ref=e3]: {question}
  - paragraph [ref=e4]: The speakers are told by e-mail once the change is made.
  - button "Do it" [ref=e5]
  - link "Back" [ref=e6]:
    - /url: /proposals/
"""
    assert state(generic, page) == "form"


def test_one_field_and_its_button_are_a_form_whatever_the_button_says(generic: Profile) -> None:
    """'Resend activation email': one e-mail box and 'Resend email', nothing else. A box
    with a search's button is a search, not a form."""
    page = """
- main [ref=e1]:
  - heading "Resend activation email" [level=1] [ref=e2]
  - textbox "Email:" [ref=e3]
  - button "{button}" [ref=e4]
"""
    assert state(generic, page.format(button="Resend email")) == "form"
    assert state(generic, page.format(button="Search")) == "search"
    # ... with a line or two on what happens once it is sent: the page is still the form
    told = page + (
        "  - paragraph [ref=e5]: Enter your username or email address and you'll receive an"
        " email with a link you need to click to choose a new password.\n"
    )
    assert state(generic, told.format(button="Password Reset")) == "form"
    for said in (
        "You will receive an email shortly.",
        "If an account matches what you entered, you should receive instructions shortly.",
    ):
        sent = f"- main [ref=e1]:\n  - paragraph [ref=e2]: {said}"
        assert state(generic, sent) == "confirmation", said


def post(*, related: int = 3, posts: int = 1) -> str:
    """A blog's post (its tag, title, author and date, a line of text, a table of
    ingredients and a list of steps), followed by cards of other posts to read next."""
    body = "\n".join(
        f"""  - article [ref=a{n}]:
    - link "Kitchen" [ref=k{n}]:
      - /url: /tag/kitchen/
    - heading "The Queen's Jam Tarts {n}" [level=1] [ref=h{n}]
    - link "The Mad Hatter" [ref=w{n}]:
      - /url: /author/mad-hatter/
    - time [ref=t{n}]: 13 Feb 2026
    - paragraph [ref=p{n}]: The Queen of Hearts made some tarts, all on a summer day.
    - table [ref=g{n}]:
      - row [ref=r{n}0]:
        - columnheader "Ingredient" [ref=c{n}0]
        - columnheader "Amount" [ref=c{n}1]
      - row [ref=r{n}1]:
        - cell "Plain flour" [ref=d{n}0]
        - cell "225 g" [ref=d{n}1]
      - row [ref=r{n}2]:
        - cell "Cold butter" [ref=d{n}2]
        - cell "110 g" [ref=d{n}3]
    - list [ref=l{n}]:
      - listitem [ref=i{n}0]: Rub the butter into the flour.
      - listitem [ref=i{n}1]: Fill with jam and bake for 15 minutes."""
        for n in range(posts)
    )
    cards = "\n".join(
        f"""  - article [ref=x{n}]:
    - link "A post to read next, number {n}" [ref=y{n}]:
      - /url: /next-{n}/
    - time [ref=z{n}]: 1 Mar 2026"""
        for n in range(related)
    )
    return f"- main [ref=e1]:\n{body}\n- contentinfo [ref=f1]:\n{cards}\n"


def test_one_post_with_a_table_and_posts_to_read_next_is_an_article(generic: Profile) -> None:
    """One article holding the title and the date it was written is a post to read, even
    short, with a table in it and cards of other posts under it; several such articles side
    by side are a list of posts."""
    assert state(generic, post()) == "article"
    assert state(generic, post(related=0)) == "article"
    assert state(generic, post(posts=3)) != "article"


def test_a_password_box_and_its_sign_in_button_alone_are_a_sign_in_page(
    generic: Profile,
) -> None:
    """An admin asked for while signed out shows its sign-in form at the address that was
    asked, under the site's name: no sign-in address, no sign-in heading, and still a
    sign-in page. The same box beside a page's other controls is not."""
    page = """
- main [ref=e1]:
  - heading "The Wonderland Gazette" [level=1] [ref=e2]
  - textbox "Email address" [ref=e3]
  - textbox "Password" [ref=e4]
  - button "Forgot?" [ref=e5]
  - button "Sign in →" [ref=e6]
"""
    assert state(generic, page, url="http://app.test/admin/#/posts") == "login"
    busy = page + "".join(f'  - button "Action {n}" [ref=b{n}]\n' for n in range(4))
    assert state(generic, busy, url="http://app.test/admin/#/posts") != "login"


WIKI_TEXT = """
- main [ref=e1]:
  - heading "Tea Party" [level=1] [ref=e2]
  - paragraph [ref=e3]: A mad tea party held every afternoon at the March Hare's, under a tree.
  - paragraph [ref=e3b]: The table is set for many, though only three sit at one corner of it.
  - heading "Guests" [level=2] [ref=e4]
  - list [ref=e5]:
    - listitem [ref=e6]: The March Hare, the host
    - listitem [ref=e7]:
      - link "The Mad Hatter" [ref=e8]:
        - /url: /The_Mad_Hatter
    - listitem [ref=e9]:
      - link "Alice" [ref=e10]:
        - /url: /Alice
      - text: ", uninvited"
  - heading "What was served" [level=2] [ref=e11]
  - paragraph [ref=e12]: Tea, bread and butter, and treacle from the Dormouse's story; no wine.
  - list [ref=e13]:
    - listitem [ref=e14]:
      - link "Events" [ref=e15]:
        - /url: /category/Events
"""


def test_a_text_whose_lists_hold_a_few_links_is_no_index(generic: Profile) -> None:
    """Three list entries with a link each (guests, a category) in a text of sections and
    paragraphs do not make an index: an index's words are largely its links. The same
    entries with next to nothing around them are a list."""
    assert state(generic, WIKI_TEXT) == "article"
    bare = """
- main [ref=e1]:
  - heading "Events" [level=1] [ref=e2]
  - paragraph [ref=e3]: Pages in this category.
  - list [ref=e5]:
""" + "\n".join(
        f'    - listitem [ref=i{i}]:\n      - link "{name}" [ref=l{i}]:\n        - /url: /{i}'
        for i, name in enumerate(["Tea Party", "Caucus Race", "Croquet Match"])
    )
    assert state(generic, bare) == "listing"


def test_a_heading_made_of_a_link_is_read_by_its_words(generic: Profile) -> None:
    """A heading whose words are a link (to the page it titles) says what the page is as
    much as a plain one: 'Search results' over a list of pages found."""
    found = "\n".join(
        f'    - listitem [ref=i{i}]:\n      - link "{name}" [ref=l{i}]:\n        - /url: /{i}\n'
        f'      - text: "(1 matching lines)"'
        for i, name in enumerate(["The Mad Hatter", "Tea Party", "Riddles", "Front Page"])
    )
    page = f"""
- generic [ref=e1]:
  - heading [level=1] [ref=e2]:
    - link "Search results" [ref=e3]:
      - /url: /
  - list [ref=e4]:
{found}
"""
    assert state(generic, page) == "search_results"
    assert state(generic, page.replace("Search results", "Pages")) == "listing"


def test_a_line_about_one_part_of_a_page_does_not_make_it_an_error(generic: Profile) -> None:
    """'You need to be logged in to comment.' under a changeset's facts and its comments is
    a note on the comment box, not the page's point: the page is no error page. The same
    words as most of a page are (access refused)."""
    note = """
- main [ref=e1]:
  - generic [ref=e2]: Changeset - a9a45c4a2212
  - link "Parent rev." [ref=e3]:
    - /url: /tea-party/changeset/41
  - generic [ref=e4]: "[Not reviewed]"
  - generic [ref=e5]: Dormouse Asleep (dormouse) - 8 months ago 2026-03-09 18:00:00
  - generic [ref=e6]: Tell the story of the treacle-well
  - generic [ref=e7]: "1 file changed with 1 insertions and 0 deletions:"
  - link "treacle-well.txt" [ref=e8]:
    - /url: /tea-party/files/tip/treacle-well.txt
  - table [ref=e9]:
    - row [ref=e10]:
      - cell "1" [ref=e11]
      - cell "+Once upon a time there were three little sisters in a well." [ref=e12]
  - generic [ref=e13]: Alice Liddell (alice) 41 seconds ago on this changeset
  - generic [ref=e14]: "Elsie, Lacie and Tillie: what did they live on? Treacle, I suppose."
  - generic [ref=e15]:
    - text: You need to be logged in to comment.
    - link "Login now" [ref=e16]:
      - /url: /_admin/login
"""
    assert state(generic, note) != "error"
    alone = """
- main [ref=e1]:
  - heading "Queen's Court" [level=1] [ref=e2]
  - paragraph [ref=e3]: You need to be logged in to see this repository.
  - link "Login now" [ref=e4]:
    - /url: /_admin/login
"""
    assert state(generic, alone) == "error"


@pytest.mark.parametrize("line", ["Showing 0 to 0 of 0 entries", "No data available in table"])
def test_a_data_tables_count_or_empty_line_makes_a_listing(generic: Profile, line: str) -> None:
    """A data table's own line saying what it shows ("Showing 1 to 10 of 57 entries") or that
    it is empty ("No data available in table"), under its column headers: a list, if an
    empty one, not a page with nothing to say."""
    page = f"""
- main [ref=e1]:
  - generic [ref=e2]: tulgey-wood
  - link "Add Repository" [ref=e3]:
    - /url: /_admin/create_repository
  - generic [ref=e4]: "{line}"
  - grid [ref=e5]:
    - row [ref=e6]:
      - columnheader "Repository" [ref=e7]
      - columnheader "Description" [ref=e8]
      - columnheader "Owner" [ref=e9]
"""
    assert state(generic, page) == "listing"
    assert state(generic, page.replace(line, "Tulgey wood")) != "listing"


@pytest.mark.parametrize("heading", ["Upload successful", "Logout complete", "Import succeeded"])
def test_a_heading_saying_what_was_done_succeeded_is_a_confirmation(
    generic: Profile, heading: str
) -> None:
    """A short heading naming what was done and that it succeeded ("Upload successful") over
    a line or two about it reports an outcome; the same page headed with its subject does
    not."""
    page = f"""
- main [ref=e1]:
  - heading "{heading}" [level=1] [ref=e2]
  - heading "Uploaded 315 bytes" [level=2] [ref=e3]
  - paragraph [ref=e4]: "To link to this file from a page, use: [label](/dormouse-story.txt)"
"""
    assert state(generic, page) == "confirmation"
    assert state(generic, page.replace(heading, "Dormouse story")) != "confirmation"


REFUSED = """
- article [ref=e1]:
  - article [ref=e2]:
    - heading "Insufficient Privileges" [level=1] [ref=e3]
    - generic [ref=e4]:
      - text: You do not have sufficient privileges to view this page. If in error, contact the
      - link "site administration" [ref=e5]:
        - /url: /contact-info
"""


@pytest.mark.parametrize(
    "page",
    [REFUSED, '- main [ref=e1]:\n  - generic [ref=e2]: "Invalid token"'],
    ids=["insufficient-privileges", "invalid-token"],
)
def test_a_refusal_or_a_bad_link_that_is_the_whole_page_is_an_error(
    generic: Profile, page: str
) -> None:
    """A page that only says one may not see it ("You do not have sufficient privileges"),
    inside the one article a CMS wraps its pages in, or only that its link is no good
    ("Invalid token"), is an error page; the same words in one post of a feed are not."""
    assert state(generic, page) == "error"
    feed = "- feed [ref=f1]:\n" + "\n".join(
        f'  - article [ref=a{i}]:\n    - heading "Post {i}" [level=2] [ref=h{i}]\n'
        f"    - paragraph [ref=p{i}]: You do not have sufficient privileges, said the Queen."
        for i in range(2)
    )
    assert state(generic, feed) != "error"


SIGN_IN_OR_UP = """
- main [ref=e1]:
  - generic [ref=e2]:
    - generic [ref=e3]: Name
    - textbox [ref=e4]
  - generic [ref=e5]:
    - generic [ref=e6]: Password
    - textbox [ref=e7]
  - generic [ref=e8]:
    - button "Login" [ref=e9]
    - button "Register" [ref=e10]
    - button "Reset Password" [ref=e11]
"""


def test_one_form_to_sign_in_or_register_is_a_sign_in_page(generic: Profile) -> None:
    """A name and a password, their labels written before the boxes rather than tied to
    them, under Login, Register and Reset Password buttons (a wiki's CGI asked for an edit
    while signed out): a sign-in page, whatever the address. The same form with Register
    alone is a sign-up form."""
    url = "http://wiki.test/ikiwiki.cgi?do=edit&page=index"
    assert Classifier(generic).classify(observe(SIGN_IN_OR_UP, url)).state == "login"
    page = PageIndex.of(observe(SIGN_IN_OR_UP, url))
    assert ("textbox", "Password") in page.content_nodes  # named by the words before it
    sign_up = SIGN_IN_OR_UP.replace('    - button "Login" [ref=e9]\n', "")
    assert Classifier(generic).classify(observe(sign_up, url)).state != "login"


def test_a_status_shown_as_a_heading_is_no_confirmation(generic: Profile) -> None:
    """An order's page in a shop's admin shows its facts as headings: "Order Status", then
    its value "Complete" as a heading of its own. The order's page, not a report that
    something was just done; the same "Complete" heading without the status it is the value
    of is one."""
    page = """
- main [ref=e1]:
  - heading "Order 1 (Alice Liddell)" [level=1] [ref=e2]
  - heading "Order Status" [level=5] [ref=e3]
  - heading "Complete" [level=2] [ref=e4]
  - heading "Payment Status" [level=5] [ref=e5]
  - heading "fully paid" [level=2] [ref=e6]
  - link "Alice Liddell" [ref=e7]:
    - /url: /sa/contacts/1/
"""
    assert state(generic, page) != "confirmation"
    told = '- main [ref=e1]:\n  - heading "Complete" [level=1] [ref=e2]\n'
    assert state(generic, told + "  - paragraph [ref=e3]: Your order is on its way.\n") == (
        "confirmation"
    )


RECORDS_WITH_CONTROLS = """
- main [ref=e1]:
  - heading "Books" [level=1] [ref=e2]
  - table "Title, Author, Year" [ref=e3]:
    - rowgroup [ref=e4]:
      - row [ref=e5]:
        - columnheader [ref=e6]:
          - checkbox "Select all" [ref=e7]
        - columnheader [ref=e8]:
          - button "Title" [ref=e9]
        - columnheader [ref=e10]:
          - button "Author" [ref=e11]
        - columnheader [ref=e12]:
          - button "Year" [ref=e13]
        - cell [ref=e14]:
          - button "add" [ref=e15]
    - rowgroup [ref=e16]:
      - row [ref=e17]:
        - cell [ref=e18]:
          - checkbox "Select" [ref=e19]
        - cell "More Nonsense, Pictures, Rhymes, Botany" [ref=e20]
        - cell "Edward Lear" [ref=e21]
        - cell "1872" [ref=e22]
  - button "1" [ref=e23]
  - button "2" [ref=e24]
"""


def test_a_table_of_records_with_boxes_to_select_its_rows_is_a_listing(generic: Profile) -> None:
    """An admin's list of records: a box on every row to select it, buttons in the header to
    sort or choose columns ("add"). They are the table's controls, not a form's fields."""
    assert state(generic, RECORDS_WITH_CONTROLS) == "listing"
    # the same box in a row that is a field of a form, beside a name and an e-mail to fill in
    form = RECORDS_WITH_CONTROLS.replace(
        '        - cell "1872" [ref=e22]',
        '        - cell [ref=e22]:\n          - textbox "Year" [ref=e25]\n'
        '  - textbox "Note" [ref=e26]\n  - button "Save" [ref=e27]',
    )
    assert state(generic, form) == "form"


APP_EDITOR = """
- generic [ref=e1]:
  - banner [ref=e2]:
    - link "arrow_back" [ref=e3]:
      - /url: /admin/content/authors
    - heading "Authors: Lewis Carroll" [level=1] [ref=e4]
    - button "delete" [ref=e5]
    - button "{button}" [ref=e6]
  - main [ref=e7]:
    - generic [ref=e8]:
      - generic [ref=e9]: Name
      - textbox [ref=e10]: Lewis Carroll
    - generic [ref=e11]:
      - generic [ref=e12]: Country
      - textbox [ref=e13]: England
    - generic [ref=e14]:
      - generic [ref=e15]: Biography
      - textbox [ref=e16]: Mathematician, photographer and author of the two Alice books.
"""


def test_fields_saved_by_a_button_in_the_header_bar_are_a_form(generic: Profile) -> None:
    """An app's editor: the record's fields in the content, its Save in the bar beside the
    title, not under the fields. A button there that opens something else is no form's."""
    assert state(generic, APP_EDITOR.format(button="Save")) == "form"
    assert state(generic, APP_EDITOR.format(button="Create new ticket")) != "form"


def test_a_page_headed_no_results_is_a_searchs_empty_results(generic: Profile) -> None:
    """A search run in the page (its address holds no query) that found nothing says so in
    its heading; a text about results is not that."""
    empty = """
- main [ref=e1]:
  - heading "No Results" [level=2] [ref=e2]
  - paragraph [ref=e3]: Adjust or clear search filters to see results.
  - button "Clear Filters" [ref=e4]
"""
    assert state(generic, empty) == "search_results"
    text = empty.replace("No Results", "Results of the croquet match")
    assert state(generic, text) != "search_results"


def _cards(button: str, count: int) -> str:
    return "\n".join(
        f"""      - generic [ref=g{i}]:
        - link "Tea {i}" [ref=l{i}]:
          - /url: /p/{i}-tea/
        - text: £5.{i}0, loose leaves from the garden
        - button "{button}" [ref=b{i}]"""
        for i in range(count)
    )


def test_a_button_on_every_card_is_the_entries_not_a_forms(generic: Profile) -> None:
    """A category's grid of products, each card with its "Preview", over a sort select: the
    button repeated on every entry acts on that entry; it sends no form."""
    page = f"""
- main [ref=e1]:
  - heading "Teas" [level=1] [ref=e2]
  - combobox "Sort" [ref=e3]:
    - option "Name - A-Z" [selected]
    - option "Price - Low to High"
  - generic [ref=e4]:
{_cards("Preview", 5)}
"""
    assert state(generic, page) == "listing"


USERS = """
- main [ref=e1]:
  - table [ref=t1]:
    - row [ref=r1]:
      - columnheader "Search for users" [ref=h1]
    - row [ref=r2]:
      - rowheader "Username" [ref=h2]
      - cell [ref=c1]:
        - textbox [ref=x1]
      - rowheader "Realname" [ref=h3]
      - cell [ref=c2]:
        - textbox [ref=x2]
      - cell [ref=c3]:
        - button "Search" [ref=s1]
  - table [ref=t2]:
    - row [ref=r3]:
      - columnheader "Username" [ref=h4]
      - columnheader "Real name" [ref=h5]
      - columnheader "Email address" [ref=h6]
      - columnheader "Retire" [ref=h7]
{rows}
    - row [ref=r9]:
      - columnheader "1 - 4 of 4" [ref=h8]
"""


def test_a_table_of_records_under_a_box_to_search_them_is_the_list(generic: Profile) -> None:
    """A list of users, a "retire" button on each row, over boxes to search them, and a
    pager's row of headers under it: the rows are records (the table's body ends where its
    footer starts), and a page showing them is no search form."""
    rows = "\n".join(
        f"""    - row [ref=u{i}]:
      - cell [ref=a{i}]:
        - link "user{i}" [ref=l{i}]:
          - /url: user{i}
      - cell "User Number {i}" [ref=n{i}]
      - cell "user{i} at wonderland" [ref=m{i}]
      - cell [ref=k{i}]:
        - button "retire" [ref=b{i}]"""
        for i in range(4)
    )
    page = USERS.format(rows=rows)
    assert PageIndex.of(observe(page)).records == 4
    assert state(generic, page) == "listing"


def test_labels_beside_their_values_in_a_table_are_no_records(generic: Profile) -> None:
    """A form laid out in a table, two labels to a row ("Priority", its cell, "Status", its
    cell): no header heads its columns, so no row is a record."""
    page = """
- main [ref=e1]:
  - table [ref=t1]:
    - row [ref=r1]:
      - columnheader "Title" [ref=h1]
      - cell [ref=c1]
    - row [ref=r2]:
      - columnheader "Priority" [ref=h2]
      - cell [ref=c2]
      - columnheader "Status" [ref=h3]
      - cell [ref=c3]
    - row [ref=r3]:
      - rowheader "Superseder" [ref=h4]
      - cell "none" [ref=c4]
      - rowheader "Nosy List" [ref=h5]
      - cell "alice" [ref=c5]
"""
    assert PageIndex.of(observe(page)).records == 0


def test_a_sentence_about_what_will_have_been_done_is_no_confirmation(generic: Profile) -> None:
    """ "... until the first order has been created." in a form's note is a condition, not a
    report: a message of what was done says it in a few words ("The event has been
    created.")."""
    page = """
- main [ref=e1]:
  - heading "Create a new event" [level=1] [ref=e2]
  - combobox "Organizer" [ref=e3]:
    - option "Wonderland Events" [selected]
  - checkbox "English" [ref=e4]
  - paragraph [ref=e5]: {note} until the first order has been created.
  - button "Continue" [ref=e6]
"""
    note = "Please note that you will only be able to delete your event"
    assert state(generic, page.format(note=note)) == "form"
    done = page.format(note="The event").replace(" until the first order", "")
    assert state(generic, done) == "confirmation"


def test_a_log_of_what_has_been_done_is_no_confirmation(generic: Profile) -> None:
    """A customer's page in an admin: their facts, then the history of their account, each
    entry a time and what has been done then. A history, not what was just done."""
    page = """
- main [ref=e1]:
  - heading "Customer #2HQXU96" [level=1] [ref=e2]
  - paragraph [ref=e3]: "Status: active"
  - paragraph [ref=e4]: "E-mail: alice@wonderland.example"
  - heading "History" [level=2] [ref=e5]
  - list [ref=e6]:
    - listitem [ref=e7]:
      - text: 2026-11-27 23:54
      - paragraph [ref=e8]: A new password has been requested.
    - listitem [ref=e9]:
      - text: 2026-11-27 23:53
      - paragraph [ref=e10]: The account has been created.
"""
    assert state(generic, page) != "confirmation"
    # Two lines saying what was just done, with no time before them, still report it.
    done = """
- main [ref=e1]:
  - heading "Thank you" [level=1] [ref=e2]
  - paragraph [ref=e3]: Your order has been placed.
  - paragraph [ref=e4]: A confirmation has been sent to alice@wonderland.example.
"""
    assert state(generic, done) == "confirmation"


def test_a_sidebar_inside_main_is_not_the_content(generic: Profile) -> None:
    """A checkout step: the cart's table in a sidebar inside `main`, then the step's
    choices and its Continue. The sidebar's rows are not what the page is for."""
    rows = "\n".join(
        f"""          - row [ref=r{i}]:
            - cell "{item}" [ref=a{i}]
            - cell "1" [ref=b{i}]
            - cell "€{price}.00" [ref=c{i}]"""
        for i, (item, price) in enumerate(
            [("Regular ticket", 25), ("Teapot mug", 12), ("Scone", 3)]
        )
    )
    page = f"""
- main [ref=e1]:
  - complementary "Your cart" [ref=e2]:
    - table [ref=e3]:
      - rowgroup [ref=e4]:
        - row [ref=e5]:
          - columnheader "Product" [ref=h1]
          - columnheader "Quantity" [ref=h2]
          - columnheader "Price" [ref=h3]
      - rowgroup [ref=e6]:
{rows}
  - heading "Payment" [level=2] [ref=e7]
  - paragraph [ref=e8]: Please select how you want to pay.
  - radio "Bank transfer" [ref=e9]
  - radio "Credit card" [ref=e10]
  - button "Continue" [ref=e11]
"""
    assert PageIndex.of(observe(page)).records == 0
    assert state(generic, page) == "form"


def test_a_button_for_the_rows_ticked_is_the_lists(generic: Profile) -> None:
    """A list of vouchers under a filter, each row with a box to tick, and "Delete selected"
    under them: the button acts on the list's rows; the page is the list."""
    rows = "\n".join(
        f"""    - row [ref=r{i}]:
      - cell [ref=x{i}]:
        - checkbox "select row" [ref=k{i}]
      - cell [ref=c{i}]:
        - link "TEA{i}CODE" [ref=l{i}]:
          - /url: /vouchers/{i}/
      - cell "0 / 1" [ref=d{i}]
      - cell "Regular ticket" [ref=p{i}]"""
        for i in range(2)
    )
    page = f"""
- main [ref=e1]:
  - heading "Vouchers" [level=1] [ref=e2]
  - paragraph [ref=e3]: Vouchers give tickets to specific persons for a lower price.
  - textbox "Search voucher" [ref=e4]
  - textbox "Filter by tag" [ref=e5]
  - button "Filter" [ref=e6]
  - table [ref=t1]:
    - row [ref=r]:
      - columnheader "select all rows" [ref=h0]
      - columnheader "Voucher code" [ref=h1]
      - columnheader "Redemptions" [ref=h2]
      - columnheader "Product" [ref=h3]
{rows}
  - button "Delete selected" [ref=e7]
"""
    assert state(generic, page) == "listing"


def test_a_grid_drawn_with_plain_containers_is_a_listing(generic: Profile) -> None:
    """A script's data grid with no table roles: rows of plain containers, each a box to
    select it and the task's values side by side. Field groups of a settings page laid out
    the same way (a label, its control, a line of help: one value in three) are no rows of
    facts."""
    rows = "\n".join(
        f"""  - generic [ref=r{i}]:
    - checkbox "Select Task {i}" [ref=k{i}]
    - generic [ref=a{i}]: "{i}"
    - generic [ref=b{i}]: Nov 28 2026, 00:13:0{i}
    - generic [ref=c{i}]: "1"
    - generic [ref=d{i}]: Have some wine, said the March Hare ({i}).
    - button [ref=e{i}]"""
        for i in range(1, 7)
    )
    grid = f"""
- main [ref=m1]:
  - generic [ref=h]:
    - checkbox "Select all rows" [ref=h1]
    - generic [ref=h2]: ID
    - generic [ref=h3]: Completed
    - generic [ref=h4]: Annotations
    - generic [ref=h5]: text
{rows}
"""
    assert PageIndex.of(observe(grid)).records == 6
    assert state(generic, grid) == "listing"
    groups = "\n".join(
        f"""  - generic [ref=g{i}]:
    - button "Setting {i}" [ref=s{i}]
    - generic [ref=w{i}]:
      - button "Choose a value" [ref=v{i}]
    - generic [ref=p{i}]: What setting {i} changes."""
        for i in range(1, 7)
    )
    settings = f"""
- main [ref=m1]:
{groups}
"""
    assert PageIndex.of(observe(settings)).records == 0


@pytest.mark.parametrize(
    "message",
    ["Runtime error: the request could not be completed.", "No Book matches the given query."],
)
def test_a_frameworks_not_found_message_alone_is_an_error(generic: Profile, message: str) -> None:
    """A missing record in a Django app (its `get_object_or_404` says "No Project matches
    the given query."), or an app's "Runtime error: ..." notice, answered 200 and shown
    alone under the header: an error page."""
    page = f"""
- generic [ref=e1]:
  - banner [ref=e2]:
    - link "Projects" [ref=e3]:
      - /url: /projects
  - list [ref=e4]:
    - listitem [ref=e5]:
      - generic [ref=e6]: "{message}"
      - button "Close" [ref=e7]
"""
    assert state(generic, page) == "error"


def test_a_call_to_add_the_first_one_is_an_empty_list(generic: Profile) -> None:
    """An app's list with nothing in it yet says so by inviting the first one ("Add your
    first webhook"): an empty listing, not a text to read."""
    page = """
- main [ref=e1]:
  - heading "Webhooks" [level=1] [ref=e2]
  - heading "Add your first webhook" [level=2] [ref=e3]
  - paragraph [ref=e4]: Set up integrations that subscribe to certain events using webhooks.
  - button "Add Webhook" [ref=e5]
"""
    assert state(generic, page) == "listing"


COMMIT = """
- generic [ref=e1]:
  - navigation [ref=e2]:
    - link "wonderland" [ref=e3]:
      - /url: /wonderland/
    - link "log" [ref=e4]:
      - /url: /wonderland/log/
  - table [ref=t1]:
    - row [ref=r1]:
      - cell "author" [ref=a1]
      - cell "Alice Liddell 2026-11-20 10:14" [ref=a2]
    - row [ref=r2]:
      - cell "committer" [ref=b1]
      - cell "Alice Liddell 2026-11-20 10:14" [ref=b2]
    - row [ref=r3]:
      - cell "commit" [ref=c1]
      - cell "3f2a9c1e0b7d4a6f" [ref=c2]
    - row [ref=r4]:
      - cell "tree" [ref=d1]
      - cell "9be01c2f6a" [ref=d2]
    - row [ref=r5]:
      - cell "parent" [ref=f1]
      - cell [ref=f2]:
        - link "7dc0e92" [ref=f3]:
          - /url: /wonderland/commit/?id=7dc0e92
  - paragraph [ref=p1]: Paint the roses red
"""
"""One commit's page as a git browser draws it: its properties in a table of a name and a
value per row, and no heading anywhere (its name is in the navigation)."""


def test_a_records_properties_in_a_table_at_its_address_make_it_its_page(
    generic: Profile,
) -> None:
    """Five properties or more, each a row of its name and its value, at one record's address
    (`?id=` and a hash, /builds/2) make the record's page though no heading names it; the
    same table at an address that names no record is not enough."""
    assert PageIndex.of(observe(COMMIT)).facts == 5
    at_commit = observe(COMMIT, "http://git.test/wonderland/commit/?id=3f2a9c1e0b7d4a6f")
    assert Classifier(generic).classify(at_commit).state == "detail"
    for url in (
        "http://ci.test/#/builders/2/builds/2",
        "http://git.test/wonderland/commit/?id=master",
        "http://git.test/gitweb/?p=wonderland.git;a=commit;h=HEAD",
    ):
        assert Classifier(generic).classify(observe(COMMIT, url)).state == "detail", url
    dated = COMMIT.replace('- cell "author" [ref=a1]', '- rowheader "author" [ref=a1]').replace(
        '- cell "Alice Liddell 2026-11-20 10:14" [ref=a2]',
        '- cell "Alice Liddell" [ref=a2]\n      - cell "2026-11-20 10:14" [ref=a4]',
    )
    assert PageIndex.of(observe(dated)).facts == 5  # a row header, then two values
    elsewhere = observe(COMMIT, "http://git.test/wonderland/about/")
    assert Classifier(generic).classify(elsewhere).state != "detail"
    fields = COMMIT.replace(
        'cell "Alice Liddell 2026-11-20 10:14" [ref=a2]',
        ('cell [ref=a2]:\n        - textbox "author" [ref=a3]'),
    )
    assert PageIndex.of(observe(fields)).facts == 4
