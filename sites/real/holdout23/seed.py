"""Seed Kiwi TCMS for sites/real/holdout23: users, a product with versions and builds, test
plans, test cases, test runs with their executions, bugs, comments and tags.

Run by `setup` with Kiwi TCMS's venv and settings (PYTHONPATH=conf,
DJANGO_SETTINGS_MODULE=wonderland_settings), on a freshly migrated database:

    venv/bin/python seed.py

Everything is made with Kiwi TCMS's own models and helpers (the ones its JSON-RPC API calls:
`TestPlan.add_case`, `TestRun.create_execution`, `add_comment`,
`initiate_user_with_default_setups` for the testers, as registration does).

- alice (Alice Liddell, alice@wonderland.example.org, password from WEBAGENT_REAL_PASSWORD), a
  tester (group Tester, staff, as every registered user); three other testers (the Hatter, the
  White Rabbit, the Cheshire Cat) with no usable password; an administrator, `queen` (the
  Queen of Hearts, a superuser with no usable password).
- the classification "Wonderland" with one product, "Looking-Glass Clock" (versions 1.0 and
  2.0, builds 1.0.0, 1.0.1, 2.0.0-beta, components, categories).
- two test plans (a release acceptance plan by alice, a regression plan by the White Rabbit)
  with documents, tags and ten test cases among them (confirmed, proposed, need update,
  disabled; steps and expected results in the text, priorities, default testers, tags).
- two test runs: one finished for 1.0.1 (passed, failed, blocked, waived executions, a
  comment on the failed one), one in progress for 2.0.0-beta (some passed, failed, idle).
- two bugs in Kiwi TCMS's own bug tracker, linked to the failed executions, with comments
  (one open, one closed); severities.
"""

import datetime
import os
import secrets

import django

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.utils import timezone  # noqa: E402
from tcms.bugs.models import Bug, Severity  # noqa: E402
from tcms.core.helpers.comments import add_comment  # noqa: E402
from tcms.management.models import (  # noqa: E402
    Build,
    Classification,
    Component,
    Priority,
    Product,
    Tag,
    Version,
)
from tcms.testcases.models import Category, TestCase, TestCaseStatus  # noqa: E402
from tcms.testplans.models import PlanType, TestPlan  # noqa: E402
from tcms.testruns.models import TestExecutionStatus, TestRun  # noqa: E402
from tcms.utils.permissions import initiate_user_with_default_setups  # noqa: E402

PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]  # set by `setup` (default: capturing.py's)
MAIL = "wonderland.example.org"
NOW = timezone.now()


def ago(days, hours=0):
    return NOW - datetime.timedelta(days=days, hours=hours)


# -- users ------------------------------------------------------------------------------------
def tester(username, first, last):
    user = User.objects.create_user(username=username, email=f"{username}@{MAIL}")
    if username == "alice":
        user.set_password(PASSWORD)
    else:
        user.set_unusable_password()
    user.first_name, user.last_name = first, last
    user.save()
    initiate_user_with_default_setups(user)
    return user


alice = tester("alice", "Alice", "Liddell")
hatter = tester("hatter", "The", "Hatter")
rabbit = tester("rabbit", "White", "Rabbit")
cat = tester("cheshire", "Cheshire", "Cat")
queen = User.objects.create_superuser(
    "queen", f"queen@{MAIL}", secrets.token_urlsafe(18), first_name="Queen", last_name="of Hearts"
)
queen.set_unusable_password()
queen.save()

# -- product, versions, builds, components, categories, tags ---------------------------------
wonderland = Classification.objects.create(name="Wonderland")
clock = Product.objects.create(
    name="Looking-Glass Clock",
    classification=wonderland,
    description="The clock over the mantelpiece that grins and runs backwards.",
)
v1 = Version.objects.create(value="1.0", product=clock)
v2 = Version.objects.create(value="2.0", product=clock)
Build.objects.create(name="1.0.0", version=v1, is_active=False)
b101 = Build.objects.create(name="1.0.1", version=v1)
b2beta = Build.objects.create(name="2.0.0-beta", version=v2)

comp = {
    name: Component.objects.create(
        name=name, product=clock, initial_owner=owner, initial_qa_contact=alice, description=text
    )
    for name, owner, text in [
        ("Face", hatter, "The dial, the hands and the grin."),
        ("Chime", rabbit, "The bell that strikes the hours (too late)."),
        ("Mechanism", hatter, "Springs, wheels and the butter in the works."),
    ]
}
cat_func = Category.objects.create(name="Functional", product=clock, description="What it does")
cat_safety = Category.objects.create(name="Safety", product=clock, description="What it must not")
Category.objects.get_or_create(name="--default--", product=clock)

tags = {name: Tag.objects.create(name=name) for name in
        ("release", "regression", "smoke", "tea-time", "backwards", "manual")}  # fmt: skip

severity = {
    name: Severity.objects.create(name=name, weight=weight, icon=icon, color=color)
    for name, weight, icon, color in [
        ("Low", 10, "fa fa-arrow-down", "#92d400"),
        ("Medium", 20, "fa fa-minus", "#f0ab00"),
        ("High", 30, "fa fa-arrow-up", "#cc0000"),
    ]
}

# -- test plans --------------------------------------------------------------------------------
acceptance = TestPlan.objects.create(
    name="Looking-Glass Clock 1.0 acceptance",
    text=(
        "## Scope\n\nEverything a visitor of the drawing-room notices about the clock: it shows "
        "the time (backwards), it chimes, and it grins at the right moments.\n\n"
        "## Out of scope\n\nThe chessmen on the hearth.\n\n"
        "## Exit criteria\n\nNo failed case of priority P1 or P2."
    ),
    product=clock,
    product_version=v1,
    author=alice,
    type=PlanType.objects.get(name="Acceptance"),
    extra_link="https://wonderland.example.org/clock/acceptance",
)
regression = TestPlan.objects.create(
    name="Tea-time regression",
    text=(
        "The clock must always say six o'clock when the Hatter is around. Run before every "
        "build of 2.0."
    ),
    product=clock,
    product_version=v2,
    author=rabbit,
    type=PlanType.objects.get(name="Regression"),
)
acceptance.add_tag(tags["release"])
acceptance.add_tag(tags["manual"])
regression.add_tag(tags["regression"])
regression.add_tag(tags["tea-time"])

# -- test cases --------------------------------------------------------------------------------
STATUS = {s.name: s for s in TestCaseStatus.objects.all()}
P = {p.value: p for p in Priority.objects.all()}


def steps(*lines, expected):
    body = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
    return f"**Steps**\n\n{body}\n\n**Expected results**\n\n{expected}\n"


CASES = [
    # summary, status, priority, category, author, tester, components, tags, plans, text
    ("The hands move backwards", "CONFIRMED", "P1", cat_func, alice, alice, ["Face"],
     ["smoke", "backwards"], [acceptance, regression],
     steps("Wind the clock.", "Watch the minute hand for five minutes.",
           expected="The minute hand goes anticlockwise, one minute a minute.")),
    ("The clock chimes on the hour", "CONFIRMED", "P1", cat_func, rabbit, rabbit, ["Chime"],
     ["smoke"], [acceptance],
     steps("Set the clock to five to twelve.", "Wait five minutes.",
           expected="Twelve chimes, none of them late.")),
    ("The face grins at visitors", "CONFIRMED", "P2", cat_func, alice, cat, ["Face"],
     ["manual"], [acceptance],
     steps("Stand in front of the clock.", "Smile.",
           expected="The face grins back within two seconds.")),
    ("The grin fades last", "PROPOSED", "P3", cat_func, cat, cat, ["Face"], [],
     [acceptance],
     steps("Ask the face to vanish.",
           expected="The face vanishes slowly, the grin last of all.")),
    ("Butter does not stop the works", "CONFIRMED", "P2", cat_safety, hatter, hatter,
     ["Mechanism"], ["tea-time", "regression"], [acceptance, regression],
     steps("Open the back of the clock.", "Put in the best butter.", "Close it and wind it.",
           expected="The clock keeps going (it was the best butter).")),
    ("Always six o'clock at tea-time", "CONFIRMED", "P1", cat_func, rabbit, hatter,
     ["Face", "Mechanism"], ["tea-time", "regression"], [regression],
     steps("Invite the Hatter.", "Look at the clock.", expected="It says six o'clock.")),
    ("Chime volume does not wake the Dormouse", "NEED_UPDATE", "P4", cat_safety, rabbit, None,
     ["Chime"], ["regression"], [regression],
     steps("Put the Dormouse in the teapot.", "Let the clock chime.",
           expected="The Dormouse stays asleep. (Which teapot? The steps need updating.)")),
    ("The pendulum swings through the glass", "CONFIRMED", "P3", cat_func, alice, alice,
     ["Mechanism"], ["backwards"], [regression],
     steps("Hold a looking-glass by the pendulum.",
           expected="The pendulum swings into the glass and out again.")),
    ("Striking thirteen", "DISABLED", "P5", cat_func, hatter, None, ["Chime"], [],
     [acceptance],
     steps("Set the clock to one o'clock.",
           expected="Disabled: the clock no longer strikes thirteen since 1.0.")),
    ("Winding key fits the keyhole", "PROPOSED", "P3", cat_safety, alice, alice,
     ["Mechanism"], ["manual"], [regression],
     steps("Take the little golden key.", "Put it in the keyhole at the back.",
           expected="It fits, and turns.")),
]  # fmt: skip

cases = []
for summary, status, prio, category, author, default_tester, comps, ctags, plans, text in CASES:
    case = TestCase.objects.create(
        summary=summary,
        case_status=STATUS[status],
        priority=P[prio],
        category=category,
        author=author,
        default_tester=default_tester,
        reviewer=alice if author != alice else rabbit,
        text=text,
        notes="Checked against the drawing-room clock." if prio == "P1" else "",
        setup_duration=datetime.timedelta(minutes=5),
        testing_duration=datetime.timedelta(minutes=10),
    )
    for name in comps:
        case.add_component(comp[name])
    for name in ctags:
        case.add_tag(tags[name])
    for plan in plans:
        plan.add_case(case)
    cases.append(case)
add_comment([cases[0]], "Does 'backwards' include the second hand? Assumed yes.", hatter)
add_comment([cases[6]], "We need to agree which teapot first.", alice)

# -- test runs and executions ------------------------------------------------------------------
ES = {s.name: s for s in TestExecutionStatus.objects.all()}
run1 = TestRun.objects.create(
    summary="Acceptance of 1.0.1 in the drawing-room",
    notes="Run on the mantelpiece clock, with the visitors' chairs in place.",
    plan=acceptance,
    build=b101,
    manager=alice,
    default_tester=alice,
    planned_start=ago(9),
    planned_stop=ago(7),
    start_date=ago(9),
    stop_date=ago(7, 4),
)
run1.add_tag(tags["release"])
run1.add_cc(rabbit)
run2 = TestRun.objects.create(
    summary="Tea-time regression of 2.0.0-beta",
    notes="Under way: the Hatter takes the tea-time cases.",
    plan=regression,
    build=b2beta,
    manager=rabbit,
    default_tester=hatter,
    planned_start=ago(2),
    planned_stop=ago(-3),
    start_date=ago(2),
)
run2.add_tag(tags["tea-time"])

results = {
    run1: ["PASSED", "FAILED", "PASSED", "BLOCKED", "PASSED", "WAIVED"],
    run2: ["PASSED", "FAILED", "PASSED", "IDLE", "IDLE"],
}
executions = {}
for run, statuses in results.items():
    for i, (case, status) in enumerate(zip(run.plan.cases.order_by("pk"), statuses, strict=False)):
        execution = run.create_execution(case=case, sortkey=(i + 1) * 10)[0]
        execution.status = ES[status]
        if status != "IDLE":
            execution.tested_by = execution.assignee or alice
            execution.start_date = (run.start_date or NOW) + datetime.timedelta(hours=i)
            execution.stop_date = execution.start_date + datetime.timedelta(minutes=12)
        execution.save()
        executions[(run.pk, case.summary)] = execution

failed1 = executions[(run1.pk, "The clock chimes on the hour")]
failed2 = executions[(run2.pk, "Butter does not stop the works")]
add_comment([failed1], "Eleven chimes, then a pause, then the twelfth: late again.", rabbit)
add_comment([failed2], "Crumbs in the works. It was NOT the best butter.", hatter)

# -- bugs --------------------------------------------------------------------------------------
bug1 = Bug.objects.create(
    summary="Twelfth chime is late",
    reporter=rabbit,
    assignee=hatter,
    product=clock,
    version=v1,
    build=b101,
    severity=severity["Medium"],
)
bug1.executions.add(failed1)
bug1.tags.add(tags["release"])
add_comment(
    [bug1],
    "At noon the clock strikes eleven times, waits, then strikes the twelfth. Seen in the "
    "acceptance run of 1.0.1.",
    rabbit,
)
add_comment([bug1], "It is always late. I'm late, I'm late!", alice)
bug2 = Bug.objects.create(
    summary="Crumbs stop the mechanism",
    status=False,
    reporter=hatter,
    assignee=hatter,
    product=clock,
    version=v2,
    build=b2beta,
    severity=severity["High"],
)
bug2.executions.add(failed2)
bug2.tags.add(tags["tea-time"])
add_comment([bug2], "Somebody used the bread-knife to put the butter in.", hatter)
add_comment([bug2], "Fixed: only the best butter, and no crumbs.", hatter)

print(
    f"seeded: {User.objects.count()} users, {TestPlan.objects.count()} plans, "
    f"{TestCase.objects.count()} cases, {TestRun.objects.count()} runs, "
    f"{Bug.objects.count()} bugs"
)
