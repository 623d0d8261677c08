"""Product reviews: 0-12 per product, their words drawn from the leaf's good and bad facts.

A review's text states concrete facts ("the ear cups are small", "arrived broken") so that
retrieval tasks ("list the reviewers who mention X") have answers that can be checked. The
planted facts of `people.toml` go on the first product of their category, written by the
named reviewers and by nobody else on that product.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from random import Random

from .catalog import Catalog
from .rows import ProductRow, ReviewRow
from .spec import LeafSpec, PlantedSpec, ReviewWords

REVIEWS_UNTIL = datetime(2023, 5, 31, 23, 0)
# How many products have 0, 1, ... 11 reviews (relative weights); one of Emma's may make 12.
_COUNT_WEIGHTS = (14, 6, 7, 8, 8, 8, 7, 7, 6, 5, 5, 8)


def build_reviews(
    catalog: Catalog, words: ReviewWords, planted: tuple[PlantedSpec, ...], rng: Random
) -> list[ReviewRow]:
    """Approved reviews of every product, ids from 1, oldest first within a product."""
    plants = _planted_products(catalog, planted)
    reviews: list[ReviewRow] = []
    for product in catalog.products:
        leaf = catalog.leaf_of[product.id]
        plant = plants.get(product.id)
        count = rng.choices(range(len(_COUNT_WEIGHTS)), weights=_COUNT_WEIGHTS)[0]
        quality = rng.uniform(2.6, 4.9)
        planted_names = plant.reviewers if plant else ()
        count = max(count, len(planted_names) + 2) if plant else count
        others = [n for n in words.nicknames if n not in planted_names]
        names = list(planted_names) + rng.sample(others, count - len(planted_names))
        dates = _dates(rng, product, count)
        for index, (nickname, created) in enumerate(zip(names, dates, strict=True)):
            if plant and index < len(plant.reviewers):
                rating = plant.ratings[index]
                detail = _detail(rng, words, leaf, rating, must=plant.fact)
            else:
                rating = min(5, max(1, round(rng.gauss(quality, 1.0))))
                detail = _detail(rng, words, leaf, rating, avoid=plant.fact if plant else None)
            reviews.append(
                ReviewRow(
                    id=len(reviews) + 1,
                    product_id=product.id,
                    customer_id=None,
                    nickname=nickname,
                    title=rng.choice(words.titles(rating)),
                    detail=detail,
                    rating=rating,
                    status="approved",
                    created_at=created,
                )
            )
    return reviews


def _planted_products(catalog: Catalog, planted: tuple[PlantedSpec, ...]) -> dict[int, PlantedSpec]:
    found: dict[int, PlantedSpec] = {}
    for plant in planted:
        product = next(
            (p for p in catalog.products if catalog.leaf_of[p.id].path[-1] == plant.category),
            None,
        )
        if product is None:
            raise ValueError(f"no category {plant.category!r} to plant {plant.fact!r} in")
        if len(plant.ratings) != len(plant.reviewers):
            raise ValueError(f"planted {plant.fact!r}: one rating per reviewer")
        found[product.id] = plant
    return found


def _dates(rng: Random, product: ProductRow, count: int) -> list[str]:
    start = max(datetime.fromisoformat(product.created_at), datetime(2020, 6, 1))
    span = int((REVIEWS_UNTIL - start).total_seconds())
    moments = sorted(start + timedelta(seconds=rng.randrange(span)) for _ in range(count))
    return [moment.strftime("%Y-%m-%d %H:%M:%S") for moment in moments]


def _sentence(fact: str) -> str:
    return fact[0].upper() + fact[1:] + "."


def _detail(
    rng: Random,
    words: ReviewWords,
    leaf: LeafSpec,
    rating: int,
    *,
    must: str | None = None,
    avoid: str | None = None,
) -> str:
    good = [f for f in leaf.good if f != avoid]
    bad = [f for f in (*leaf.bad, *words.generic_bad) if f != avoid]
    if rating >= 4:
        parts = [rng.choice(words.open_good), *map(_sentence, rng.sample(good, rng.randint(1, 2)))]
        if must is None and rng.random() < 0.2:
            parts.append(f"My only complaint: {rng.choice(bad)}.")
        closing = rng.choice(words.close_good)
    elif rating == 3:
        parts = [rng.choice(words.open_mixed), _sentence(rng.choice(good))]
        if must is None:
            parts.append(_sentence(rng.choice(bad)))
        closing = rng.choice(words.close_mixed)
    else:
        parts = [rng.choice(words.open_bad)]
        if must is None:
            parts.extend(map(_sentence, rng.sample(bad, rng.randint(1, 2))))
        closing = rng.choice(words.close_bad)
    if must is not None:
        parts.append(_sentence(must))
    return " ".join([*parts, closing])
