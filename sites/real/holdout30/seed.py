#!/usr/bin/env python
"""Load wger's shipped fixtures and seed the thirtieth holdout app (wger 2.1) for sites/real.

Run by sites/real/holdout30/setup with the venv's Python, PYTHONPATH=$DIR and
DJANGO_SETTINGS_MODULE=settings, on a freshly migrated database. It first loads the fixtures
wger's own `load_fixtures` task loads (and the ingredients the wheel ships), from the wheel:
two of them (the exercise bases and exercises) still carry fields the 2.1 models dropped
(`status`, `name_original`) and lack two dates the models need, so Django's loaddata refuses
them; they are loaded with those fields left out and the dates set to the release's. Then the Wonderland data: alice (password from $WEBAGENT_REAL_PASSWORD, never
written down; wger's `admin` gets it too), the Mad Hatter and the White Rabbit; alice's three
workouts with days, sets and settings, a schedule, logged sessions, a nutrition plan with
meals and a diary, weight entries and body measurements.
"""

import datetime as dt
import json
import os
import tempfile
from decimal import Decimal
from pathlib import Path

import django

django.setup()

from django.apps import apps  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.utils import timezone  # noqa: E402

import wger  # noqa: E402

PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]
WGER = Path(wger.__file__).parent
TODAY = dt.date(2026, 11, 27)

FIXTURES = [
    "gym", "languages", "groups", "users", "licenses", "days_of_week",
    "setting_repetition_units", "setting_weight_units", "language_config", "gym_config",
    "equipment", "muscles", "categories", "exercise-base-data", "exercises", "gym-config",
    "gym-adminconfig", "ingredients",
]


def load_fixtures() -> None:
    for name in FIXTURES:
        path = next(WGER.glob(f"*/fixtures/{name}.json"))
        objects = json.loads(path.read_text())
        dropped = set()
        for obj in objects:
            model = apps.get_model(obj["model"])
            fields = model._meta.get_fields()
            known = {f.name for f in fields} | {getattr(f, "attname", f.name) for f in fields}
            for field in list(obj["fields"]):
                if field not in known:
                    dropped.add(f"{obj['model']}.{field}")
                    del obj["fields"][field]
            # dates Django fills on save() but loaddata does not: the wheel's release date
            for f in fields:
                if (getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)) \
                        and f.name not in obj["fields"]:
                    when = "2022-08-07T00:00:00Z" if f.get_internal_type() == "DateTimeField" else "2022-08-07"
                    obj["fields"][f.name] = when
                    dropped.add(f"(set {obj['model']}.{f.name})")
        if dropped:
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                json.dump(objects, f)
            call_command("loaddata", f.name, verbosity=0)
            os.unlink(f.name)
            print(f"  {name}: {len(objects)} objects (dropped {', '.join(sorted(dropped))})")
        else:
            call_command("loaddata", str(path), verbosity=0)
            print(f"  {name}: {len(objects)} objects")


load_fixtures()

from wger.core.models import DaysOfWeek, Language  # noqa: E402
from wger.exercises.models import Exercise  # noqa: E402
from wger.manager.models import (  # noqa: E402
    Day, Schedule, ScheduleStep, Set, Setting, Workout, WorkoutLog, WorkoutSession,
)
from wger.measurements.models import Category, Measurement  # noqa: E402
from wger.nutrition.models import Ingredient, LogItem, Meal, MealItem, NutritionPlan  # noqa: E402
from wger.weight.models import WeightEntry  # noqa: E402

EN = Language.objects.get(short_name="en")


def user(name: str, first: str, last: str, email: str) -> User:
    u = User.objects.create_user(name, email, PASSWORD, first_name=first, last_name=last)
    return u


admin = User.objects.get(username="admin")
admin.set_password(PASSWORD)
admin.save()
alice = user("alice", "Alice", "Liddell", "alice@wonderland.example")
hatter = user("hatter", "Mad", "Hatter", "hatter@wonderland.example")
rabbit = user("rabbit", "White", "Rabbit", "rabbit@wonderland.example")
for u, birth, height in ((alice, dt.date(1995, 5, 4), 152), (hatter, dt.date(1980, 3, 14), 180)):
    p = u.userprofile
    p.birthdate, p.height, p.gender = birth, height, "2" if u == alice else "1"
    p.email_verified = True
    p.save()


def exercise(name: str):
    return Exercise.objects.get(language=EN, name=name).exercise_base


def workout(owner: User, name: str, description: str, days: list) -> Workout:
    w = Workout.objects.create(user=owner, name=name, description=description)
    for d_name, weekdays, sets in days:
        day = Day.objects.create(training=w, description=d_name)
        day.day.set(DaysOfWeek.objects.filter(pk__in=weekdays))
        for order, (ex_name, n, reps, weight) in enumerate(sets, 1):
            s = Set.objects.create(exerciseday=day, order=order, sets=n)
            for i in range(n):
                Setting.objects.create(set=s, exercise_base=exercise(ex_name), reps=reps,
                                       weight=weight, order=i + 1)
    return w


strength = workout(alice, "Croquet strength", "Three days a week to swing a flamingo straight.", [
    ("Push day", [1], [("Bench Press", 3, 8, Decimal("30")), ("Arnold Shoulder Press", 3, 10, Decimal("8"))]),
    ("Pull day", [3], [("Pull-ups", 3, 6, None), ("Bent Over Rowing", 3, 10, Decimal("25"))]),
    ("Leg day", [5], [("Back Squat", 4, 8, Decimal("40")), ("Dumbbell Lunges Walking", 3, 12, None), ("Crunches", 3, 20, None)]),
])
growing = workout(alice, "Growing and shrinking", "Mobility between the cake and the bottle.", [
    ("Full body", [2, 4], [("Deadlifts", 3, 5, Decimal("50")), ("Plank", 3, 1, None)]),
])
workout(alice, "Running late", "Short sessions for a rabbit's schedule.", [])
workout(hatter, "Tea-time circuit", "Never on an unbirthday.", [
    ("Circuit", [6], [("Back Squat", 2, 15, None)]),
])

schedule = Schedule.objects.create(user=alice, name="Winter in Wonderland", start_date=TODAY - dt.timedelta(days=21),
                                   is_active=True, is_loop=True)
ScheduleStep.objects.create(schedule=schedule, workout=strength, duration=4, order=1)
ScheduleStep.objects.create(schedule=schedule, workout=growing, duration=2, order=2)

for weeks_ago, impression, note in ((3, "2", "Felt tall today."), (2, "3", "Best flamingo swing yet."),
                                    (1, "1", "Too much cake the night before.")):
    day = TODAY - dt.timedelta(weeks=weeks_ago)
    WorkoutSession.objects.create(user=alice, workout=strength, date=day, impression=impression,
                                  notes=note, time_start=dt.time(18, 0), time_end=dt.time(19, 5))
    for ex_name, reps, weight in (("Bench Press", 8, 27.5 + 2.5 * (3 - weeks_ago)),
                                  ("Back Squat", 8, 37.5 + 2.5 * (3 - weeks_ago))):
        for _ in range(3):
            WorkoutLog.objects.create(user=alice, workout=strength, exercise_base=exercise(ex_name),
                                      reps=reps, weight=Decimal(str(weight)), date=day)

plan = NutritionPlan.objects.create(user=alice, language=EN, description="Eat me, drink me")
for order, (meal_name, time, items) in enumerate((
    ("Breakfast", dt.time(8, 0), [("Oats", 60), ("Egg, whole, raw, fresh", 50)]),
    ("Tea party", dt.time(17, 0), [("Tea, herb, chamomile, brewed", 250), ("Bread, white, commercially prepared, toasted", 40), ("Butter, salted", 10), ("Strawberries, raw", 150)]),
    ("Supper", dt.time(19, 30), [("Rice, white, short-grain, raw", 80), ("Chicken breast, oven-roasted, fat-free, sliced", 150), ("Apples, raw, with skin", 120)]),
), 1):
    meal = Meal.objects.create(plan=plan, order=order, name=meal_name, time=time)
    for i, (ing_name, amount) in enumerate(items, 1):
        ing = Ingredient.objects.get(name=ing_name, language=EN)
        MealItem.objects.create(meal=meal, ingredient=ing, order=i, amount=Decimal(amount))
        for days_ago in (1, 2):
            LogItem.objects.create(plan=plan, meal=meal, ingredient=ing, amount=Decimal(amount),
                                   datetime=timezone.make_aware(dt.datetime.combine(
                                       TODAY - dt.timedelta(days=days_ago), time)))
NutritionPlan.objects.create(user=alice, language=EN, description="Unbirthday feast")

for i in range(12):
    WeightEntry.objects.create(user=alice, date=TODAY - dt.timedelta(weeks=11 - i),
                               weight=Decimal("52.0") - Decimal("0.3") * i + (Decimal("0.4") if i % 3 == 0 else 0))
for name, unit, values in (("Waist", "cm", (66, 65.5, 65)), ("Neck", "cm", (31, 31, 30.5))):
    cat = Category.objects.create(user=alice, name=name, unit=unit)
    for i, v in enumerate(values):
        Measurement.objects.create(category=cat, date=TODAY - dt.timedelta(weeks=4 * (2 - i)),
                                   value=Decimal(str(v)), notes="")

print(f"  users: {User.objects.count()}, alice's workouts: {Workout.objects.filter(user=alice).count()}, "
      f"weight entries: {WeightEntry.objects.filter(user=alice).count()}")
