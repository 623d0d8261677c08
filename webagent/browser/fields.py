"""Typing into form fields whose value has a fixed format (date, time, month, week).

A person types "11/27/2018" into a date field; the browser's `<input type=date>` only takes
"2018-11-27" and silently stays empty otherwise. `input_value_for` converts what the model
wrote into the format the field needs, so `type [e6] [11/27/2018]` does what it says.
"""

from __future__ import annotations

import re
from datetime import date, datetime

_DATE_FORMATS = (
    "%Y-%m-%d",
    "%m/%d/%Y",
    "%m/%d/%y",
    "%d.%m.%Y",
    "%B %d, %Y",
    "%b %d, %Y",
    "%B %d %Y",
    "%b %d %Y",
    "%d %B %Y",
    "%d %b %Y",
    "%Y/%m/%d",
)
_TIME = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap]\.?m\.?)?\s*$", re.I)
FORMATTED_TYPES = frozenset({"date", "time", "datetime-local", "month", "week"})
EXPECTED_FORMAT = {
    "date": "YYYY-MM-DD, e.g. 2018-11-27",
    "time": "HH:MM in 24 hours, e.g. 14:10",
    "datetime-local": "YYYY-MM-DDTHH:MM, e.g. 2018-11-27T14:10",
    "month": "YYYY-MM, e.g. 2018-11",
    "week": "YYYY-Www, e.g. 2018-W48",
}


def input_value_for(input_type: str, text: str) -> str | None:
    """The value a field of `input_type` accepts for `text`, or None if it cannot be read.

    Text for other field types is returned unchanged.
    """
    kind = input_type.lower()
    if kind not in FORMATTED_TYPES:
        return text
    text = text.strip()
    if kind == "date":
        parsed = _parse_date(text)
        return parsed.isoformat() if parsed else None
    if kind == "time":
        return _parse_time(text)
    if kind == "month":
        if re.fullmatch(r"\d{4}-\d{2}", text):
            return text
        parsed = _parse_date(text) or _parse_date(f"1 {text}")
        return parsed.strftime("%Y-%m") if parsed else None
    if kind == "week":
        if re.fullmatch(r"\d{4}-W\d{2}", text):
            return text
        parsed = _parse_date(text)
        if parsed is None:
            return None
        year, week, _ = parsed.isocalendar()
        return f"{year}-W{week:02d}"
    # datetime-local: a date and a time separated by "T", a space or a comma.
    parts = re.split(r"[T,]\s*|\s+(?=\d{1,2}(?::|\s*[ap]m))", text, maxsplit=1, flags=re.I)
    if len(parts) != 2:
        return None
    day, clock = _parse_date(parts[0]), _parse_time(parts[1])
    return f"{day.isoformat()}T{clock}" if day and clock else None


def _parse_date(text: str) -> date | None:
    for pattern in _DATE_FORMATS:
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def _parse_time(text: str) -> str | None:
    match = _TIME.match(text)
    if match is None:
        return None
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    second = match.group(3)
    suffix = (match.group(4) or "").lower().replace(".", "")
    if suffix == "pm" and hour < 12:
        hour += 12
    elif suffix == "am" and hour == 12:
        hour = 0
    if hour > 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}" + (f":{second}" if second else "")
