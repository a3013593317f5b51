"""bench_routing.py --fit (issue 15, decisions on small projects): the calibration's fitter, the packaged weights
being the fitted ones, and the what-if evaluation of other weights and thresholds on every train set
(docs/decisions.md, "Calibrating the decision on small projects: measured, not changed")."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import (  # noqa: E402
    PROJECTS,
    TOP,
    calibration_samples,
    calibration_sets,
    best_picks,
    DECLINED_FIT,
    choose_threshold,
    decisions,
    evaluate_projects,
    fit_calibration,
    fit_logistic,
    load_corpus,
    load_projects,
    rates,
)

from ralphy.agents import routing_confidence  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.fixture(scope="module")
def train_sets(corpus):
    return calibration_sets(corpus, "train")


def test_fit_logistic_finds_the_weights_that_made_the_data() -> None:
    """Newton's method on 4,000 points drawn (deterministically) from a known logistic model gets its weights back."""
    samples = []
    for n in range(4000):
        x, y = (n % 40) / 10 - 2, ((n * 7) % 50) / 25 - 1
        p = 1 / (1 + math.exp(-(1.5 * x - 2.0 * y + 0.5)))
        samples.append(((x, y), int(((n * 2654435761) % 1000) / 1000 < p)))
    weights, bias = fit_logistic(samples, l2=0.0)
    assert weights == pytest.approx([1.5, -2.0], abs=0.25) and bias == pytest.approx(0.5, abs=0.25)


def test_every_train_set_is_there_and_no_held_out_one(train_sets) -> None:
    assert set(train_sets) == {"projects", "large", "fresh", "projects3", "projects4", "projects5", "catalog", "roles",
                               "voltagent", "voltagent2", "voltagent3", "voltagent4", "voltagent5"} == set(TOP)
    tasks = {label: sum(len(items) for _, items in cases) for label, cases in train_sets.items()}
    assert tasks == {"projects": 136, "large": 274, "fresh": 56, "projects3": 108, "projects4": 234, "projects5": 223,
                     "catalog": 108, "roles": 36, "voltagent": 62, "voltagent2": 107, "voltagent3": 110,
                     "voltagent4": 124, "voltagent5": 134}


def test_the_packaged_calibration_is_the_one_fitted_on_the_train_splits(corpus) -> None:
    """A ranking change that is not refitted (``bench_routing.py --fit``) fails here: the fit is the packaged one,
    or the one measured at this ranking and declined (``bench_routing.DECLINED_FIT``, with its reason)."""
    weights, bias = fit_calibration(calibration_samples(corpus, "train", by_set=True))
    fitted = (weights, bias)
    packaged = (list(routing_confidence.CALIBRATION), routing_confidence.CALIBRATION_BIAS)
    declined = (list(DECLINED_FIT[0]), DECLINED_FIT[1])
    assert any(fitted[0] == pytest.approx(w, abs=0.01) and fitted[1] == pytest.approx(b, abs=0.01)
               for w, b in (packaged, declined)), fitted


def test_the_what_if_evaluation_is_the_router_s_own_with_the_packaged_weights(corpus, train_sets) -> None:
    result = evaluate_projects(load_projects(PROJECTS, split="train"), corpus)
    assert decisions(train_sets["projects"], list(routing_confidence.CALIBRATION), routing_confidence.CALIBRATION_BIAS,
                     routing_confidence.DEFAULT_THRESHOLD) == (result["decision"], result["false_recommendation"])


def test_other_weights_change_the_decisions_and_the_packaged_ones_come_back(train_sets) -> None:
    packaged = routing_confidence.CALIBRATION, routing_confidence.CALIBRATION_BIAS
    cases = train_sets["projects"]
    nulls = sum(item["expected"] is None for _, items in cases for item in items)
    total = sum(len(items) for _, items in cases)
    never = decisions(cases, [0.0] * len(routing_confidence.CALIBRATION), -50.0, 0.5)  # every confidence ~0: all gaps
    assert never == (nulls / total, 0.0)
    always = decisions(cases, [0.0] * len(routing_confidence.CALIBRATION), 50.0, 0.5)  # every confidence ~1
    assert always[1] >= nulls / total
    assert (routing_confidence.CALIBRATION, routing_confidence.CALIBRATION_BIAS) == packaged


@pytest.mark.parametrize("label", ["projects", "voltagent"])
def test_the_picks_read_at_a_threshold_are_what_decisions_counts(train_sets, label) -> None:
    """``best_picks`` once, then ``rates`` at any threshold, is ``decisions`` with that threshold (what ``--fit``
    reads to choose the threshold), for the packaged weights and for others."""
    cases = train_sets[label]
    total = sum(len(items) for _, items in cases)
    others = [1.0] * len(routing_confidence.CALIBRATION)
    for weights, bias in ((list(routing_confidence.CALIBRATION), routing_confidence.CALIBRATION_BIAS), (others, -3.0)):
        picks = best_picks(cases, weights, bias, TOP[label])
        for threshold in (0.4, 0.5, 0.62):
            right, false, tasks = rates(picks, threshold)
            assert tasks == total
            assert (right / total, false / total) == decisions(cases, weights, bias, threshold, TOP[label])


def test_the_threshold_chosen_is_the_most_right_decisions_under_the_false_recommendation_cap() -> None:
    """Eleven tasks whose best agent's confidence is known: 6 right at 0.9, 1 right at 0.65, 2 wrong agents at 0.70,
    2 with no fitting agent whose best is at 0.55. Up to 0.55: 7 right, 4 false; 0.56-0.65: 9 right, 2 false;
    0.66-0.70: 8 right, 2 false; from 0.71: 8 right, none false. The middle of the best run is taken."""
    picks = {"a": [(["x"], "x", 0.9)] * 6 + [(["x"], "x", 0.65)],
             "b": [(["x"], "y", 0.70)] * 2 + [(None, "z", 0.55)] * 2}
    assert choose_threshold(picks, ("a", "b"), cap=0.2, one_by_one=()) == pytest.approx((0.61, 9 / 11, 2 / 11))
    # "b" alone has 2 of 4 false up to 0.70: over the cap by itself, so the pool's 0.61 is not allowed
    assert choose_threshold(picks, ("a", "b"), cap=0.2, one_by_one=("b",)) == pytest.approx((0.76, 8 / 11, 0.0))
    assert choose_threshold(picks, ("a", "b"), cap=0.2, one_by_one=("a",)) == pytest.approx((0.61, 9 / 11, 2 / 11))
    assert choose_threshold(picks, ("a", "b"), cap=0.1, one_by_one=()) == pytest.approx((0.76, 8 / 11, 0.0))
    assert choose_threshold(picks, ("a",), cap=0.0, one_by_one=()) == pytest.approx((0.48, 1.0, 0.0))  # 0.30-0.65 all right
    with pytest.raises(ValueError, match="at most 0.1"):
        choose_threshold({"c": [(None, "z", 0.95)]}, ("c",), cap=0.1, one_by_one=())
    with pytest.raises(ValueError, match="no tasks in c"):  # not a ZeroDivisionError
        choose_threshold({"c": []}, ("c",), cap=0.1, one_by_one=())
