"""HouseRules: the table set the way your family plays.

A panel built from the fields of :class:`buraco_core.Rules` (``buraco_core.variants.field_infos``:
a switch, a number within its range, a choice among an enum's values), never from a hand-kept list
of controls. The learner starts from a preset, changes any rule and reads at once what it means;
a combination that contradicts itself shows the engine's reasons beside the fields it names, and
nothing is applied until it is consistent. The applied variant (``variant``, its text in
``rules``) is kept in the browser (localStorage), shared as a text and a link
(``#variant=...`` in the page's address) and loaded back.

>>> from buraco_widgets import GameTable, HouseRules
>>> panel = HouseRules()
>>> panel.edit("target", "1505"); panel.edit("set_max_cards", "4"); panel.set_players(2)
>>> panel.rules
'buraco+set_max_cards=4+target=1505;players=2'
>>> panel.edit("allow_sets", "no")            # sets limited to four, but no sets: refused
>>> panel.problems[0]["fields"], panel.rules
(['set_max_cards', 'allow_sets'], 'buraco+set_max_cards=4+target=1505;players=2')
>>> table = GameTable(rules=panel.rules, pace=0)
>>> table.game.players, table.game.rules.target
(2, 1505)
"""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any

import anywidget
import ipywidgets
import traitlets

from buraco_core import RULESETS, Rules, RulesError
from buraco_core.compare import compare_rulesets
from buraco_core.messages import Message, render, show
from buraco_core.variants import Variant, VariantError, field_info, field_infos, meaning, parse_variant

from ._common import PlainLayout, esc, guard, reason, template
from .front_end import front_end
from .language import resolve

__all__ = ["HouseRules"]

#: The panel's own words (``house.<key>`` in the catalog).
_TEXTS = ("house.title", "house.intro", "house.preset-label", "house.players", "house.players-option", "house.name",
          "house.name-placeholder", "house.changed", "house.reset", "house.reset-tip", "house.share", "house.share-tip",
          "house.share-text", "house.share-link", "house.shared", "house.load", "house.load-tip", "house.low",
          "house.high", "house.none")


class HouseRules(PlainLayout, anywidget.AnyWidget):
    """Build a house variant: ``HouseRules("buraco")``, ``HouseRules("buraco+target=1505;players=2")``.

    Python face (what the page's controls send): :meth:`edit` (a field and its value as text),
    :meth:`choose_preset`, :meth:`set_players`, :meth:`set_name`, :meth:`load` (a shared text),
    :meth:`reset`. ``variant`` is the applied :class:`~buraco_core.variants.Variant`, ``rules``
    its text (what :meth:`link` hands to a game table, a puzzle or a quiz), ``problems`` why the
    draft is not applied, ``message`` the last outcome.
    """

    _esm = front_end("house.js", "house.css", dom=True)

    fields = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Every Rules field as the page offers it: name, kind, group, label, range, options."""
    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    presets = traitlets.List(traitlets.Dict()).tag(sync=True)
    draft = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    """The fields as the learner set them (each as the text of a variant), applied or not."""
    meanings = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    """What each field's value in the draft means, in words."""
    problems = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Why the draft is not applied: ``{"fields": [...], "text": ...}`` per contradiction."""
    changed = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The applied variant's house rules: ``{"field", "label", "meaning"}``."""
    players = traitlets.Int(4).tag(sync=True)
    player_options = traitlets.List(traitlets.Int()).tag(sync=True)
    name = traitlets.Unicode("").tag(sync=True)
    rules = traitlets.Unicode("buraco").tag(sync=True)
    """The applied variant's text (changes only when the draft is consistent)."""
    summary = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("info").tag(sync=True)
    """``info``, ``applied`` or ``refused``: how the page shows ``message``."""
    storage_key = traitlets.Unicode("buraco-trainer/house-variant").tag(sync=True)

    def __init__(self, variant: Variant | Rules | str = "buraco", *, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        kwargs.setdefault("texts", {key.removeprefix("house."): template(key, lang) for key in _TEXTS})
        super().__init__(**kwargs)
        self.fields = [self._field(info.name) for info in field_infos() if info.name != "name"]
        self.presets = [{"value": name, "label": show(rules, lang)} for name, rules in RULESETS.items()]
        start = variant if isinstance(variant, Variant) else (
            Variant(variant) if isinstance(variant, Rules) else parse_variant(variant))
        self.variant = start
        self._draft: dict[str, str] = {}
        self._apply(start, announce=False)
        self.on_msg(self._on_page)

    # -- what the page's controls send --------------------------------------------------------
    def edit(self, field: str, value: str) -> None:
        """Set one field of the draft (as a variant's text writes it); applied if consistent."""
        info = field_info(field)
        try:
            info.read(value)
        except VariantError as error:
            self._refuse([{"fields": [field], "text": error.message.text(self.lang)}])
            self._publish_draft()
            return
        self._draft[field] = value.strip()
        self._try_draft()

    def choose_preset(self, name: str) -> None:
        """Start again from a preset (its rules as the rulebook plays them)."""
        rules = RULESETS[str(field_info("name").read(name))]
        players = self.players if self.players in rules.player_counts else None
        self._apply(Variant(rules, players, self.variant.name))

    def set_players(self, n: int) -> None:
        self._apply_or_refuse(lambda: dataclasses.replace(self.variant, players=int(n)))

    def set_name(self, name: str) -> None:
        self._apply_or_refuse(lambda: dataclasses.replace(self.variant, name=str(name).strip()))

    def reset(self) -> None:
        """Undo every house rule: the preset as the rulebook plays it."""
        self.choose_preset(self.variant.rules.name)

    def load(self, text: str) -> bool:
        """Load a shared variant's text; a text that is not one changes nothing and says why."""
        try:
            variant = parse_variant(text)
        except (VariantError, RulesError) as error:
            self._say(render("house.not-loaded", self.lang, reason=reason(error, self.lang)), "refused")
            return False
        self._apply(variant, announce=False)
        self._say(render("house.loaded", self.lang, name=self._name(variant)), "applied")
        return True

    def link(self, *widgets: traitlets.HasTraits) -> HouseRules:
        """Make each widget's ``rules`` follow the applied variant (a game table, a puzzle, a quiz)."""
        for widget in widgets:
            if not widget.has_trait("rules"):
                raise TypeError(f"{type(widget).__name__} has no 'rules' trait to follow a variant")
            traitlets.dlink((self, "rules"), (widget, "rules"))
        return self

    def comparison(self) -> ipywidgets.HTML:
        """The applied variant beside the preset it starts from: the rows of the rulesets' comparison
        (``buraco_core.compare``) where they differ, redrawn when the variant changes."""
        view = ipywidgets.HTML()
        view.add_class("bw-house-compare")

        def draw(_change: Any = None) -> None:
            v = self.variant
            both = [v.rules, v.preset]
            rows = [label for label, values in compare_rulesets(both, lang=self.lang).rows if values[0] != values[1]]
            if not rows:
                view.value = f"<p>{esc(self.summary)}</p>"
                return
            view.value = (f"<p>{esc(render('house.beside', self.lang))}</p>"
                          + compare_rulesets(both, rows=rows, lang=self.lang)._repr_html_())

        def oops(text: str) -> None:
            view.value = f"<p>{esc(text)}</p>"

        self.observe(guard(oops, draw), "rules")
        draw()
        return view

    # -- inside -----------------------------------------------------------------------------------
    def _field(self, name: str) -> dict[str, Any]:
        info = field_info(name)
        out: dict[str, Any] = {"name": name, "kind": info.kind, "group": render(f"house.group.{info.group}", self.lang),
                               "label": info.label.text(self.lang), "low": info.low, "high": info.high,
                               "step": info.step, "length": info.length}
        if info.kind == "choice":
            out["options"] = [{"value": o, "label": render(f"house.field.{name}.{o}", self.lang)} for o in info.options]
        if name == "card_values":
            out["parts"] = [render(f"rank.one.{r}", self.lang) for r in range(14)]
        elif info.kind == "numbers":
            out["parts"] = [self.texts["low"], self.texts["high"]]
        elif info.kind == "counts":
            out["options"] = [{"value": str(n), "label": render("house.players-option", self.lang, n=n)}
                              for n in range(info.low, info.high + 1)]
        return out

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        with self.hold_sync():  # the page gets the answer in one message
            self._answer(content)

    def _answer(self, content: dict[str, Any]) -> None:
        try:
            if "edit" in content:
                self.edit(str(content["edit"]), str(content.get("value", "")))
            elif "preset" in content:
                self.choose_preset(str(content["preset"]))
            elif "players" in content:
                self.set_players(int(content["players"]))
            elif "name" in content:
                self.set_name(str(content["name"]))
            elif "load" in content:
                self.load(str(content["load"]))
            elif "restore" in content:  # what the browser remembered: silently kept if still valid
                self._restore(str(content["restore"]))
            elif content.get("reset"):
                self.reset()
        except (ValueError, TypeError) as error:  # a page that sent nonsense: say so, change nothing
            self._say(render("house.refused", self.lang, reason=reason(error, self.lang)), "refused")

    def _restore(self, text: str) -> None:
        try:
            self._apply(parse_variant(text), announce=False)
        except (VariantError, RulesError):
            return

    def _try_draft(self) -> None:
        values = {k: field_info(k).read(v) for k, v in self._draft.items()}
        base = RULESETS[self.variant.rules.name]
        changes = {k: v for k, v in values.items() if getattr(base, k) != v}
        try:
            rules = dataclasses.replace(base, **changes) if changes else base  # type: ignore[arg-type]
            players = self.variant.players if self.variant.players in rules.player_counts else None
            variant = Variant(rules, players, self.variant.name)
        except RulesError as error:
            self._refuse(self._problems(error))
            self._publish_draft()
            return
        self._apply(variant, keep_draft=True)

    def _apply_or_refuse(self, make: Any) -> None:
        try:
            variant = make()
        except RulesError as error:
            self._say(render("house.refused", self.lang, reason=reason(error, self.lang)), "refused")
            return
        self._apply(variant)

    def _apply(self, variant: Variant, *, announce: bool = True, keep_draft: bool = False) -> None:
        self.variant = variant
        if not keep_draft:
            info = {i.name: i for i in field_infos()}
            self._draft = {name: info[name].show(getattr(variant.rules, name)) for name in info if name != "name"}
        with self.hold_sync(), self.hold_trait_notifications():  # one message to the page
            self.problems = []
            self._publish_draft()
            self.changed = [{"field": k, "label": field_info(k).label.text(self.lang),
                             "meaning": variant.meaning(k).text(self.lang)} for k in variant.changes]
            self.player_options = list(variant.rules.player_counts)
            self.players = variant.players if variant.players is not None else max(variant.rules.player_counts)
            self.name = variant.name
            self.summary = (render("house.preset", self.lang, rules=variant.preset) if variant.changes else
                            render("house.unchanged", self.lang, rules=variant.preset))
            self.rules = variant.text()
            if announce:
                self._say(render("house.applied", self.lang, name=self._name(variant)), "applied")

    def _publish_draft(self) -> None:
        draft = dict(self._draft)
        self.draft = {**draft, "name": self.variant.rules.name}
        shown: dict[str, str] = {}
        values: dict[str, object] = {}
        for name, text in draft.items():
            with contextlib.suppress(VariantError):  # a value not readable has no meaning (its row says why)
                values[name] = field_info(name).read(text)
        for name in draft:
            shown[name] = meaning(name, values[name], values).text(self.lang) if name in values else ""
        self.meanings = shown

    def _refuse(self, problems: list[dict[str, Any]]) -> None:
        self.problems = problems
        reasons = " ".join(p["text"] for p in problems)
        self._say(render("house.refused", self.lang, reason=reasons), "refused")

    def _problems(self, error: RulesError) -> list[dict[str, Any]]:
        """Each reason beside the fields it names (a house variant's text names one field)."""
        if not error.problems:
            return [{"fields": list(error.fields), "text": reason(error, self.lang)}]
        return [{"fields": list(p.fields), "text": p.message.text(self.lang)} for p in error.problems]

    def _name(self, variant: Variant) -> str | Message:
        return variant.name or render("house.unnamed", self.lang)

    def _say(self, text: str, status: str) -> None:
        self.status = status
        self.message = text
