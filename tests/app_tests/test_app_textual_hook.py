"""The app's safety net overrides Textual's private ``App._handle_exception``: Textual offers no public
hook for an exception raised while a screen draws or handles a message. So Textual is pinned below its
next minor version (pyproject.toml), and these tests fail if the private method changes shape or stops
being where Textual sends such an exception (tests/app_tests/test_app_play.py shows the net at work)."""

from __future__ import annotations

import inspect
from importlib.metadata import version

from textual import app as textual_app
from textual import message_pump, screen

from companion.app.app import CompanionApp


def test_textual_is_the_minor_version_the_override_was_written_for() -> None:
    assert version("textual").split(".")[:2] == ["8", "2"]


def test_the_private_hook_keeps_its_shape() -> None:
    theirs = inspect.signature(textual_app.App._handle_exception)
    ours = inspect.signature(CompanionApp._handle_exception)
    assert list(theirs.parameters) == list(ours.parameters) == ["self", "error"]
    assert theirs.return_annotation in ("None", None) and ours.return_annotation in ("None", None)


def test_textual_still_sends_a_handlers_exception_to_it() -> None:
    for module in (message_pump, screen):
        assert "self.app._handle_exception(error)" in inspect.getsource(module), module.__name__


def test_the_binding_lookup_the_entry_line_calls_keeps_its_shape() -> None:
    """The entry line runs a key's binding in the key's turn through Textual's private
    ``App._check_bindings`` (companion/app/widgets/entry.py; tests/app_tests/test_app_burst.py shows
    why): the bindings from the focused widget up, a priority binding only when asked for."""
    theirs = inspect.signature(textual_app.App._check_bindings)
    assert list(theirs.parameters) == ["self", "key", "priority"]
    assert theirs.parameters["priority"].default is False
    assert "self.screen._modal_binding_chain" in inspect.getsource(textual_app.App._check_bindings)


def test_the_suggesters_private_step_keeps_its_shape() -> None:
    """The game screen's suggester passes over a suggestion asked for a line already typed past by
    overriding Textual's private ``Suggester._get_suggestion`` (companion/app/complete.py)."""
    from textual.suggester import Suggester

    from companion.app.complete import LegalSuggester

    theirs = inspect.signature(Suggester._get_suggestion)
    ours = inspect.signature(LegalSuggester._get_suggestion)
    assert list(theirs.parameters) == list(ours.parameters) == ["self", "requester", "value"]
    assert "requester.post_message(SuggestionReady(value, suggestion))" in inspect.getsource(Suggester)
