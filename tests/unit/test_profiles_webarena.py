"""The WebArena site profiles (reddit, gitlab, map, wikipedia) recognise their pages.

Each page is a hand-written aria snapshot modelled on the real application's HTML (Postmill,
GitLab CE 15, openstreetmap-website, kiwix-serve) on an arbitrary host, as WebArena
deployments have. Rules alone must decide each page's state, and the site must be told
apart from the other three.
"""

from __future__ import annotations

import textwrap

import pytest

from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.sites.classify import Classifier
from webagent.sites.irreversible import irreversible_controls
from webagent.sites.match import PageIndex, site_rules_hold
from webagent.sites.profiles import detect_profile, site_profile

SITES = ["reddit", "gitlab", "map", "wikipedia"]


def _indent(block: str, spaces: int) -> str:
    return textwrap.indent(textwrap.dedent(block).strip("\n"), " " * spaces)


def _join(*blocks: str) -> str:
    """Snapshot blocks written at different indents, each dedented, one after the other."""
    return "\n".join(textwrap.dedent(block).strip("\n") for block in blocks)


def _observe(snapshot: str, url: str) -> Observation:
    return compose_observation(parse_snapshot(snapshot), url=url, title="")


# --- reddit: Postmill ------------------------------------------------------------------------

REDDIT = "http://10.0.0.5:9999"


def _postmill(main: str, sidebar: str = '- heading "Toolbox" [level=1]') -> str:
    """A Postmill page: site navigation, main, sidebar and the footer, logged in."""
    return f"""- navigation [ref=e1]:
  - link "Home" [ref=e2]:
    - /url: /
  - list [ref=e3]:
    - listitem [ref=e4]:
      - link "Forums" [ref=e5]:
        - /url: /forums
    - listitem [ref=e6]:
      - link "Wiki" [ref=e7]:
        - /url: /wiki
  - searchbox "Search query" [ref=e8]
  - list [ref=e9]:
    - listitem [ref=e10]:
      - link "Notifications (0)" [ref=e11]:
        - /url: /notifications
    - listitem [ref=e12]:
      - link "Submit" [ref=e13]:
        - /url: /submit
    - listitem [ref=e14]:
      - button "MarvelsGrantMan136" [ref=e15]
- main [ref=e16]:
{_indent(main, 2)}
- complementary [ref=e90]:
{_indent(sidebar, 2)}
- contentinfo [ref=e95]:
  - paragraph [ref=e96]:
    - text: Running
    - link "Postmill" [ref=e97]:
      - /url: https://postmill.xyz/
    - text: 1.0.0 (main)
"""


SUBMISSION_ROW = """
- article [ref=e30]:
  - heading "I just finished re-reading The Hobbit" [level=1] [ref=e31]:
    - link "I just finished re-reading The Hobbit" [ref=e32]:
      - /url: /f/books/59421/i-just-finished-re-reading-the-hobbit
  - paragraph [ref=e33]:
    - text: Submitted by
    - link "jsmith" [ref=e34]:
      - /url: /user/jsmith
    - time [ref=e35]: March 31, 2023 at 2:02 PM EDT
    - text: in
    - link "books" [ref=e36]:
      - /url: /f/books
  - navigation [ref=e37]:
    - link "12 comments" [ref=e38]:
      - /url: /f/books/59421/i-just-finished-re-reading-the-hobbit
  - button "Upvote" [ref=e39]
  - text: "21"
  - button "Downvote" [ref=e40]
"""

REDDIT_PAGES = [
    (
        "front_page",
        f"{REDDIT}/",
        _postmill(
            _join(
                """
            - navigation [ref=e20]:
              - list [ref=e21]:
                - listitem [ref=e22]:
                  - link "Submissions" [ref=e23]:
                    - /url: /
                - listitem [ref=e24]:
                  - link "Comments" [ref=e25]:
                    - /url: /comments
              - button "Filter on: Featured" [ref=e26]
              - button "Sort by: Hot" [ref=e27]
            """,
                SUBMISSION_ROW,
                """
            - link "Next" [ref=e50]:
              - /url: /?next%5Branking%5D=1234&next%5Bid%5D=59000
            """,
            )
        ),
    ),
    (
        "forum",
        f"{REDDIT}/f/books/new",
        _postmill(
            _join(
                """
            - heading "/f/books" [level=1] [ref=e20]
            - navigation [ref=e21]:
              - link "Submissions" [ref=e22]:
                - /url: /f/books
              - link "Comments" [ref=e23]:
                - /url: /f/books/comments
              - button "Sort by: New" [ref=e24]
            """,
                SUBMISSION_ROW,
            ),
            """
            - heading "Books" [level=1] [ref=e91]:
              - link "Books" [ref=e92]:
                - /url: /f/books
            - button "Subscribe 1,024 subscribers" [ref=e93]
            """,
        ),
    ),
    (
        "submission",
        f"{REDDIT}/f/books/59421/i-just-finished-re-reading-the-hobbit",
        _postmill(
            _join(
                SUBMISSION_ROW,
                """
            - heading "Comments" [level=2] [ref=e60]
            - navigation [ref=e61]:
              - link "Nested" [ref=e62]:
                - /url: /f/books/59421/i-just-finished-re-reading-the-hobbit/nested
              - link "Linear" [ref=e63]:
                - /url: /f/books/59421/i-just-finished-re-reading-the-hobbit/linear
            - textbox "Comment" [ref=e64]
            - button "Post" [ref=e65]
            - article [ref=e66]:
              - heading "bookworm wrote 2 years ago" [level=1] [ref=e67]
              - paragraph [ref=e68]: Still the best opening line in fantasy.
              - link "Reply" [ref=e69]:
                - /url: /f/books/59421/-/comment/880
              - button "Upvote" [ref=e70]
              - button "Downvote" [ref=e71]
            """,
            )
        ),
    ),
    (
        "submit_form",
        f"{REDDIT}/submit/books",
        _postmill(
            """
            - heading "Create submission" [level=1] [ref=e20]
            - text: URL
            - textbox "URL" [ref=e21]
            - text: Title
            - textbox "Title" [ref=e22]
            - text: Body
            - textbox "Body" [ref=e23]
            - text: Forum
            - combobox "Forum" [ref=e24]:
              - option "books" [selected]
              - option "movies"
            - button "Create submission" [ref=e25]
            """
        ),
    ),
    (
        "forums_list",
        f"{REDDIT}/forums/by_submissions",
        _postmill(
            """
            - heading "List of forums" [level=1] [ref=e20]
            - link "List view" [ref=e21]:
              - /url: /forums
            - link "Category view" [ref=e22]:
              - /url: /forums/by_category
            - button "Sort by: Submissions" [ref=e23]
            - link "Create forum" [ref=e24]:
              - /url: /create_forum
            - article [ref=e25]:
              - heading "/f/AskReddit — Ask Reddit" [level=2] [ref=e26]:
                - link "/f/AskReddit — Ask Reddit" [ref=e27]:
                  - /url: /f/AskReddit
              - button "Subscribe 9,210 subscribers" [ref=e28]
              - paragraph [ref=e29]: 2,115 submissions
            """
        ),
    ),
    (
        "user_profile",
        f"{REDDIT}/user/jsmith",
        _postmill(
            SUBMISSION_ROW,
            """
            - heading "jsmith" [level=1] [ref=e91]:
              - link "jsmith" [ref=e92]:
                - /url: /user/jsmith
            - paragraph [ref=e93]: Registered on March 2, 2021
            - heading "Toolbox" [level=1] [ref=e94]
            - link "Send message" [ref=e98]:
              - /url: /user/jsmith/compose_message
            - link "Block user" [ref=e99]:
              - /url: /user/jsmith/block_user
            """,
        ),
    ),
    (
        "search_results",
        f"{REDDIT}/search?q=hobbit",
        _postmill(
            _join(
                """
            - heading "Search" [level=1] [ref=e20]
            - text: Search query
            - searchbox "Search query" [ref=e21]: hobbit
            - button "Search" [ref=e22]
            - heading "3 results for hobbit:" [level=2] [ref=e23]
            """,
                SUBMISSION_ROW,
            )
        ),
    ),
    (
        "login",
        f"{REDDIT}/login",
        _postmill(
            """
            - heading "Log in" [level=1] [ref=e20]
            - textbox "Username" [ref=e21]
            - textbox "Password" [ref=e22]
            - checkbox "Keep me logged in" [ref=e23]
            - button "Log in" [ref=e24]
            - link "Reset password?" [ref=e25]:
              - /url: /reset_password
            """
        ),
    ),
    (
        "messages",
        f"{REDDIT}/messages",
        _postmill(
            """
            - heading "Messages" [level=1] [ref=e20]
            - table [ref=e21]:
              - row [ref=e22]:
                - columnheader "Title" [ref=e23]
                - columnheader "Last message" [ref=e24]
                - columnheader "Replies" [ref=e25]
                - columnheader "Participants" [ref=e26]
              - row [ref=e27]:
                - cell "Book club" [ref=e28]:
                  - link "Book club" [ref=e29]:
                    - /url: /messages/thread/12
            """
        ),
    ),
]

# --- gitlab: GitLab CE 15 ----------------------------------------------------------------------

GITLAB = "http://ec2-3-131-244-37.example.com:8023"


def _gitlab(main: str, sidebar: str = "") -> str:
    """A GitLab 15 page: top bar, optional left sidebar, main."""
    side = f"- complementary {sidebar}\n" if sidebar else ""
    return f"""- link "Skip to content" [ref=e1]:
  - /url: "#content-body"
- banner [ref=e2]:
  - link "Dashboard" [ref=e3]:
    - /url: /
  - button "Menu" [ref=e4]
  - textbox "Search GitLab" [ref=e5]
  - link "Create new..." [ref=e6]
  - link "Issues" [ref=e7]:
    - /url: /dashboard/issues?assignee_username=byteblaze
  - link "Merge requests" [ref=e8]
  - link "To-Do List" [ref=e9]:
    - /url: /dashboard/todos
  - link "Help" [ref=e10]
  - link "Byte Blaze" [ref=e11]
{side}- main [ref=e20]:
{_indent(main, 2)}
"""


PROJECT_NAV = """"Project navigation" [ref=e12]:
  - link "a11yproject.com" [ref=e13]
  - link "Project information" [ref=e14]
  - link "Repository" [ref=e15]
  - link "Issues 40" [ref=e16]
  - link "Merge requests 10" [ref=e17]
  - link "Wiki" [ref=e18]
  - link "Settings" [ref=e19]"""

GROUP_NAV = """"Group navigation" [ref=e12]:
  - link "The A11Y Project" [ref=e13]
  - link "Group information" [ref=e14]
  - link "Issues 40" [ref=e16]
  - link "Merge requests 10" [ref=e17]"""

PROJECT = f"{GITLAB}/a11yproject/a11yproject.com"

GITLAB_PAGES = [
    (
        "project_list",
        f"{GITLAB}/",
        _gitlab(
            """
            - heading "Projects" [level=1] [ref=e21]
            - link "New project" [ref=e22]:
              - /url: /projects/new
            - link "Yours 42" [ref=e23]
            - link "Starred 3" [ref=e24]
            - link "Explore" [ref=e25]
            - link "Topics" [ref=e26]
            - searchbox "Filter by name" [ref=e27]
            - button "Name" [ref=e28]
            - list [ref=e29]:
              - listitem [ref=e30]:
                - link "The A11Y Project / a11yproject.com" [ref=e31]:
                  - /url: /a11yproject/a11yproject.com
                - link "21" [ref=e32]
            """
        ),
    ),
    (
        "project_overview",
        PROJECT,
        _gitlab(
            """
            - navigation "Breadcrumbs" [ref=e21]:
              - link "The A11Y Project" [ref=e22]
              - link "a11yproject.com" [ref=e23]
            - heading "a11yproject.com" [level=1] [ref=e24]
            - text: "Project ID: 174"
            - button "Copy project ID" [ref=e25]
            - button "Star" [ref=e26]
            - link "21" [ref=e27]
            - link "Fork" [ref=e28]
            - link "2,320 Commits" [ref=e29]:
              - /url: /a11yproject/a11yproject.com/-/commits/main
            - link "15 Branches" [ref=e30]
            - link "62 Tags" [ref=e31]
            - button "Clone" [ref=e32]
            """,
            PROJECT_NAV,
        ),
    ),
    (
        "issue_list",
        f"{PROJECT}/-/issues/?sort=created_date&state=opened&label_name%5B%5D=bug",
        _gitlab(
            """
            - link "Open 40" [ref=e21]
            - link "Closed 502" [ref=e22]
            - link "All 542" [ref=e23]
            - textbox "Search or filter results..." [ref=e24]
            - button "Created date" [ref=e25]
            - link "New issue" [ref=e26]:
              - /url: /a11yproject/a11yproject.com/-/issues/new
            - list [ref=e27]:
              - listitem [ref=e28]:
                - link "Link to WCAG 2.2 success criteria" [ref=e29]:
                  - /url: /a11yproject/a11yproject.com/-/issues/1071
                - text: "#1071 · created 1 year ago by"
                - link "Eric Bailey" [ref=e30]
            """,
            PROJECT_NAV,
        ),
    ),
    (
        "issue",
        f"{PROJECT}/-/issues/1071",
        _gitlab(
            """
            - text: Open
            - heading "Link to WCAG 2.2 success criteria" [level=1] [ref=e21]
            - paragraph [ref=e22]: The checklist should link each item to its success criterion.
            - heading "Activity" [level=2] [ref=e23]
            - textbox "Comment" [ref=e24]
            - button "Comment" [ref=e25]
            - button "Close issue" [ref=e26]
            - complementary "issue sidebar" [ref=e27]:
              - text: Assignee
              - text: None - assign yourself
              - text: Labels
              - link "bug" [ref=e28]
            """,
            PROJECT_NAV,
        ),
    ),
    (
        "issue_form",
        f"{PROJECT}/-/issues/new",
        _gitlab(
            """
            - heading "New Issue" [level=1] [ref=e21]
            - textbox "Title (required)" [ref=e22]
            - textbox "Description" [ref=e23]
            - checkbox "This issue is confidential" [ref=e24]
            - button "Unassigned" [ref=e25]
            - button "Create issue" [ref=e26]
            - link "Cancel" [ref=e27]
            """,
            PROJECT_NAV,
        ),
    ),
    (
        "merge_request",
        f"{PROJECT}/-/merge_requests/1531/diffs",
        _gitlab(
            """
            - text: Open
            - heading "Add color contrast checker to resources" [level=1] [ref=e21]
            - link "Overview 4" [ref=e22]
            - link "Commits 2" [ref=e23]
            - link "Pipelines 1" [ref=e24]
            - link "Changes 3" [ref=e25]
            - button "Approve" [ref=e26]
            - button "Merge" [ref=e27]
            """,
            PROJECT_NAV,
        ),
    ),
    (
        "repository",
        f"{PROJECT}/-/commits/main?author=Eric%20Bailey",
        _gitlab(
            """
            - button "main" [ref=e21]
            - textbox "Author" [ref=e22]
            - heading "Commits" [level=1] [ref=e23]
            - list [ref=e24]:
              - listitem [ref=e25]:
                - link "Update README.md" [ref=e26]
                - text: Eric Bailey authored 3 years ago
            """,
            PROJECT_NAV,
        ),
    ),
    (
        "group",
        f"{GITLAB}/a11yproject",
        _gitlab(
            """
            - heading "The A11Y Project" [level=1] [ref=e21]
            - text: "Group ID: 26"
            - button "Copy group ID" [ref=e22]
            - link "New subgroup" [ref=e23]
            - link "New project" [ref=e24]
            - link "Subgroups and projects" [ref=e25]
            - link "a11yproject.com" [ref=e26]:
              - /url: /a11yproject/a11yproject.com
            """,
            GROUP_NAV,
        ),
    ),
    (
        "user_profile",
        f"{GITLAB}/byteblaze",
        _gitlab(
            """
            - heading "Byte Blaze" [level=1] [ref=e21]
            - text: "@byteblaze · Member since March 14, 2023"
            - link "Overview" [ref=e22]
            - link "Activity" [ref=e23]
            - link "Groups" [ref=e24]
            - link "Contributed projects" [ref=e25]
            - link "Personal projects" [ref=e26]
            - link "Starred projects" [ref=e27]
            """
        ),
    ),
    (
        "settings",
        f"{PROJECT}/edit",
        _gitlab(
            """
            - heading "Naming, topics, avatar" [level=4] [ref=e21]
            - textbox "Project name" [ref=e22]: a11yproject.com
            - textbox "Project description (optional)" [ref=e23]
            - button "Save changes" [ref=e24]
            - heading "Advanced" [level=4] [ref=e25]
            - button "Expand" [ref=e26]
            """,
            PROJECT_NAV,
        ),
    ),
    (
        "new_project_or_group",
        f"{GITLAB}/projects/new#blank_project",
        _gitlab(
            """
            - heading "Create blank project" [level=1] [ref=e21]
            - textbox "Project name" [ref=e22]
            - combobox "Project URL" [ref=e23]
            - textbox "Project slug" [ref=e24]
            - radio "Private" [ref=e25]
            - radio "Public" [ref=e26]
            - checkbox "Initialize repository with a README" [ref=e27]
            - button "Create project" [ref=e28]
            """
        ),
    ),
    (
        "sign_in",
        f"{GITLAB}/users/sign_in",
        """- main [ref=e1]:
  - heading "GitLab Community Edition" [level=1] [ref=e2]
  - text: Username or email
  - textbox "Username or email" [ref=e3]
  - text: Password
  - textbox "Password" [ref=e4]
  - checkbox "Remember me" [ref=e5]
  - button "Sign in" [ref=e6]
  - link "Forgot your password?" [ref=e7]
- navigation [ref=e8]:
  - link "Explore" [ref=e9]
  - link "Help" [ref=e10]
  - link "About GitLab" [ref=e11]
""",
    ),
]

# --- map: openstreetmap-website ------------------------------------------------------------------

MAP = "http://metis.lti.cs.cmu.edu:3000"


def _osm(sidebar: str, logged_in: bool = False) -> str:
    """An openstreetmap-website page: header, the sidebar and the map controls."""
    user = 'button "MarvelsGrantMan136" [ref=e19]' if logged_in else 'link "Log In" [ref=e19]'
    return f"""- banner [ref=e1]:
  - heading "OpenStreetMap logo OpenStreetMap" [level=1] [ref=e2]:
    - link "OpenStreetMap logo OpenStreetMap" [ref=e3]:
      - /url: /
      - img "OpenStreetMap logo" [ref=e4]
  - navigation [ref=e5]:
    - link "Edit" [ref=e6]:
      - /url: /edit
    - button [ref=e7]
  - navigation [ref=e8]:
    - list [ref=e9]:
      - listitem [ref=e10]:
        - link "History" [ref=e11]:
          - /url: /history
      - listitem [ref=e12]:
        - link "Export" [ref=e13]:
          - /url: /export
      - listitem [ref=e14]:
        - link "GPS Traces" [ref=e15]:
          - /url: /traces
      - listitem [ref=e16]:
        - link "User Diaries" [ref=e17]:
          - /url: /diary
      - listitem [ref=e18]:
        - link "Help" [ref=e20]:
          - /url: /help
    - {user}
- textbox "Search" [ref=e21]
- button "Where is this?" [ref=e22]
- button "Go" [ref=e23]
- link "Find directions between two points" [ref=e24]:
  - /url: /directions
- complementary [ref=e25]:
{_indent(sidebar, 2)}
- link "Zoom In" [ref=e80]
- link "Zoom Out" [ref=e81]
- button "Show My Location" [ref=e82]
- link "Layers" [ref=e83]
- link "Share" [ref=e84]
- link "Add a note to the map" [ref=e85]
- link "Query features" [ref=e86]
- link "OpenStreetMap contributors" [ref=e87]
"""


MAP_PAGES = [
    (
        "map_home",
        f"{MAP}/#map=16/40.4443/-79.9436",
        _osm(
            """
            - heading "Welcome to OpenStreetMap!" [level=2] [ref=e26]
            - button "Close" [ref=e27]
            - paragraph [ref=e28]: OpenStreetMap is a map of the world, created by people like you.
            - link "Learn More" [ref=e29]
            - link "Start Mapping" [ref=e30]
            """
        ),
    ),
    (
        "search_results",
        f"{MAP}/search?query=Carnegie%20Mellon%20University#map=16/40.4443/-79.9436",
        _osm(
            """
            - heading "Search Results" [level=2] [ref=e26]
            - button "Close" [ref=e27]
            - heading "Results from OpenStreetMap Nominatim" [level=4] [ref=e28]
            - list [ref=e29]:
              - listitem [ref=e30]:
                - text: University
                - link "Carnegie Mellon University, Forbes Avenue, Pittsburgh" [ref=e31]:
                  - /url: /way/196163487
            """
        ),
    ),
    (
        "directions",
        f"{MAP}/directions?engine=fossgis_osrm_foot&route=40.4443%2C-79.9436%3B40.4416%2C-79.9569",
        _osm(
            """
            - combobox [ref=e26]:
              - option "Bicycle (OSRM)"
              - option "Car (OSRM)"
              - option "Foot (OSRM)" [selected]
            - textbox "From" [ref=e27]: Carnegie Mellon University
            - textbox "To" [ref=e28]: University of Pittsburgh
            - button "Go" [ref=e29]
            - link "Reverse Directions" [ref=e30]
            - heading "Directions" [level=2] [ref=e31]
            - paragraph [ref=e32]: "Distance: 1.5km. Time: 0:19."
            - table [ref=e33]:
              - row [ref=e34]:
                - cell "1." [ref=e35]
                - cell "Start on Forbes Avenue" [ref=e36]
                - cell "400m" [ref=e37]
            """
        ),
    ),
    (
        "feature_detail",
        f"{MAP}/way/196163487",
        _osm(
            """
            - heading "Way: Carnegie Mellon University (196163487)" [level=2] [ref=e26]
            - text: "Version #12"
            - text: Edited 2 years ago by
            - link "mapper1" [ref=e27]
            - heading "Tags" [level=4] [ref=e28]
            - table [ref=e29]:
              - row [ref=e30]:
                - cell "amenity" [ref=e31]
                - cell "university" [ref=e32]
              - row [ref=e33]:
                - cell "addr:city" [ref=e34]
                - cell "Pittsburgh" [ref=e35]
            - link "Download XML" [ref=e36]
            - link "View History" [ref=e37]:
              - /url: /way/196163487/history
            """
        ),
    ),
    (
        "history",
        f"{MAP}/way/196163487/history",
        _osm(
            """
            - heading "Way History: Carnegie Mellon University (196163487)" [level=2] [ref=e26]
            - heading "Version #12" [level=4] [ref=e27]
            - text: Edited 2 years ago by
            - link "mapper1" [ref=e28]
            """
        ),
    ),
    (
        "export",
        f"{MAP}/export#map=16/40.4443/-79.9436",
        _osm(
            """
            - heading "Export" [level=2] [ref=e26]
            - textbox [ref=e27]: "40.4489"
            - textbox [ref=e28]: "-79.9525"
            - link "Manually select a different area" [ref=e29]
            - button "Export" [ref=e30]
            """
        ),
    ),
]

# --- wikipedia: kiwix-serve --------------------------------------------------------------------

WIKI = "http://10.0.0.5:8888"
BOOK = "wikipedia_en_all_maxi_2022-05"


def _kiwix(body: str) -> str:
    """A kiwix-serve content page: the top bar, then the page's own content."""
    return f"""- textbox "Search 'Wikipedia'" [ref=e1]
- link "Go to welcome page" [ref=e2]:
  - /url: /
  - button "🏠" [ref=e3]
- 'link "Go to the main page of ''Wikipedia''" [ref=e4]':
  - /url: /{BOOK}/
  - button "Wikipedia" [ref=e5]
- link "Go to a randomly selected page" [ref=e6]:
  - /url: /random?content={BOOK}
  - button "🎲" [ref=e7]
{textwrap.dedent(body).strip(chr(10))}
"""


ARTICLE = _kiwix(
    """
    - heading "Carnegie Mellon University" [level=1] [ref=e10]
    - table [ref=e11]:
      - row [ref=e12]:
        - rowheader "Established" [ref=e13]
        - cell "November 15, 1900" [ref=e14]
    - paragraph [ref=e15]: Carnegie Mellon University (CMU) is a private research university.
    - heading "Contents" [level=2] [ref=e16]
    - heading "History" [level=2] [ref=e17]
    """
)

WIKIPEDIA_PAGES = [
    (
        "library",
        f"{WIKI}/",
        """- link "Library OPDS Feed" [ref=e1]:
  - /url: /catalog/v2/entries
  - img "Library OPDS Feed" [ref=e2]
- combobox [ref=e3]:
  - option "All languages" [selected]
- combobox [ref=e4]:
  - option "All categories" [selected]
- textbox "Search" [ref=e5]
- button "Search" [ref=e6]
- heading "1 book" [level=3] [ref=e7]
- link "Wikipedia Wikipedia, the free encyclopedia" [ref=e8]:
  - /url: /wikipedia_en_all_maxi_2022-05/
- text: Powered by
- link "Kiwix" [ref=e9]
""",
    ),
    (
        "main_page",
        f"{WIKI}/{BOOK}/A/User:The_other_Kiwix_guy/Landing",
        _kiwix(
            """
            - heading "Welcome to Wikipedia" [level=1] [ref=e10]
            - paragraph [ref=e11]: The free encyclopedia that anyone can edit.
            - link "Arts" [ref=e12]
            - link "History" [ref=e13]
            """
        ),
    ),
    ("article", f"{WIKI}/{BOOK}/A/Carnegie_Mellon_University", ARTICLE),
    ("article", f"{WIKI}/content/{BOOK}/A/Carnegie_Mellon_University#History", ARTICLE),
    (
        "search_results",
        f"{WIKI}/search?content={BOOK}&pattern=carnegie%20mellon",
        _kiwix(
            """
            - text: Results
            - strong: 1-25
            - text: of
            - strong: "1,204"
            - text: for
            - strong: '"carnegie mellon"'
            - list [ref=e10]:
              - listitem [ref=e11]:
                - link "Carnegie Mellon University" [ref=e12]:
                  - /url: /wikipedia_en_all_maxi_2022-05/A/Carnegie_Mellon_University
                - text: ...a private research university in Pittsburgh...
                - text: 9,876 words
            """
        ),
    ),
    (
        "not_found",
        f"{WIKI}/{BOOK}/A/No_such_article_here",
        _kiwix(
            """
            - heading "Not Found" [level=1] [ref=e10]
            - paragraph [ref=e11]: The requested URL "/A/Nope" was not found on this server.
            - paragraph [ref=e12]:
              - text: Do you want to search for
              - link "No such article here" [ref=e13]
              - text: in this zim file?
            """
        ),
    ),
]

PAGES = {
    "reddit": REDDIT_PAGES,
    "gitlab": GITLAB_PAGES,
    "map": MAP_PAGES,
    "wikipedia": WIKIPEDIA_PAGES,
}

CASES = [
    pytest.param(site, state, url, snapshot, id=f"{site}-{state}-{index}")
    for site, pages in PAGES.items()
    for index, (state, url, snapshot) in enumerate(pages)
]


@pytest.mark.parametrize("site", SITES)
def test_profile_loads_for_its_webarena_site(site: str) -> None:
    profile = site_profile(site)
    assert profile.site.webarena == site
    assert profile.site.fallback in [state.name for state in profile.states]
    assert any(state.candidate for state in profile.states)


@pytest.mark.parametrize("site", SITES)
def test_each_profile_has_five_or_more_pages_here(site: str) -> None:
    assert len(PAGES[site]) >= 5


@pytest.mark.parametrize(("site", "state", "url", "snapshot"), CASES)
def test_rules_alone_decide_the_state(site: str, state: str, url: str, snapshot: str) -> None:
    classifier = Classifier(site_profile(site))
    observation = _observe(snapshot, url)
    result = classifier.classify(observation)
    failed = {name: why for name, why in classifier.why_not(observation).items() if name == state}
    assert (result.state, result.decided) == (state, "rules"), (result, failed)


@pytest.mark.parametrize(("site", "state", "url", "snapshot"), CASES)
def test_the_site_is_recognised_and_no_other(
    site: str, state: str, url: str, snapshot: str
) -> None:
    page = PageIndex.of(_observe(snapshot, url))
    holding = [name for name in SITES if site_rules_hold(site_profile(name).site.match, page)]
    assert holding == [site]


@pytest.mark.parametrize("site", SITES)
def test_detect_profile_picks_the_site(site: str) -> None:
    _, url, snapshot = PAGES[site][1]
    assert detect_profile(PageIndex.of(_observe(snapshot, url)), SITES).name == site


@pytest.mark.parametrize(
    ("site", "url", "snapshot"),
    [
        ("reddit", f"{REDDIT}/users/2", _postmill('- heading "List of users, page #2" [level=1]')),
        ("gitlab", f"{GITLAB}/dashboard/todos", _gitlab('- heading "To-Do List" [level=1]')),
        ("map", f"{MAP}/user/mapper1/diary", _osm('- heading "mapper1\'s Diary" [level=1]')),
    ],
)
def test_unknown_pages_fall_back(site: str, url: str, snapshot: str) -> None:
    result = Classifier(site_profile(site)).classify(_observe(snapshot, url))
    assert (result.state, result.decided) == (site_profile(site).site.fallback, "fallback")


@pytest.mark.parametrize(
    ("site", "state", "expected"),
    [
        ("reddit", "submission", {"Post", "Upvote", "Downvote"}),
        ("reddit", "submit_form", {"Create submission"}),
        ("gitlab", "issue", {"Comment", "Close issue"}),
        ("gitlab", "merge_request", {"Approve", "Merge"}),
        ("gitlab", "project_overview", {"Star"}),
    ],
)
def test_irreversible_controls_are_flagged(site: str, state: str, expected: set[str]) -> None:
    profile = site_profile(site)
    _, url, snapshot = next(page for page in PAGES[site] if page[0] == state)
    observation = _observe(snapshot, url)
    flagged = {
        c.element.name for c in irreversible_controls(profile, profile.state(state), observation)
    }
    assert expected <= flagged


def test_reading_controls_are_not_flagged() -> None:
    profile = site_profile("reddit")
    _, url, snapshot = REDDIT_PAGES[0]
    observation = _observe(snapshot, url)
    flagged = {
        c.element.name
        for c in irreversible_controls(profile, profile.state("front_page"), observation)
    }
    assert not flagged & {"Sort by: Hot", "Filter on: Featured", "MarvelsGrantMan136"}


def test_wikipedia_is_read_only() -> None:
    profile = site_profile("wikipedia")
    assert not profile.irreversible.controls
    assert not profile.irreversible.requests
    assert all(not s.irreversible.controls and not s.irreversible.requests for s in profile.states)
