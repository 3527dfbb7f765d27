"""Accessibility in real Chromium: axe-core on every kind of page in light and dark, labels, live regions,
keyboard-only use of the calculators and the hex boards, visible focus, colour never the only cue.

axe-core comes from npm (package.json, dev only) and is injected by the test as an init script (which
the page's content security policy does not apply to); it is never copied into the built site.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browser.support import (
    AXE,
    CALCULATORS,
    COLOUR_RULES,
    CSP_PROBE,
    INLINE_CALCULATOR,
    PAGE_TYPES,
    QUIET_PAGE,
    READY_TIMEOUT,
    ROOT,
    SCHEMES,
    axe_in_both_schemes,
    block_engine,
    csp_violations,
    next_frame,
    page_script,
    wait_scenario,
    wait_settled,
)

from pycore.page.handler import encode_fragment


@pytest.mark.parametrize("scheme", SCHEMES)
def test_each_preference_opens_its_palette(browser, server, watch, scheme):
    """A reader who prefers dark gets the dark palette on the first page, one who prefers light the light one."""
    ctx = browser.new_context(color_scheme=scheme, service_workers="block")
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + PAGE_TYPES["not-found"])
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
    ctx.close()
    watch.check()


@pytest.fixture
def themed(browser, watch):
    """A watched context in the light colour scheme (each test turns it dark), with axe-core and the CSP probe on
    every page."""
    ctx = browser.new_context(color_scheme="light", viewport={"width": 1280, "height": 900})
    watch.attach(ctx)
    ctx.add_init_script(path=str(AXE))
    ctx.add_init_script(CSP_PROBE)
    yield ctx
    ctx.close()
    watch.check()


@pytest.fixture
def keyboard(context):
    """The watched context with the CSP probe (keyboard tests use no axe)."""
    context.add_init_script(CSP_PROBE)
    return context


def test_axe_is_pinned_and_never_shipped(built_site):
    """axe-core is a pinned dev dependency, installed by npm ci, and no built file holds or names it."""
    package = json.loads((ROOT / "package.json").read_text())
    assert re.fullmatch(r"\d+\.\d+\.\d+", package["devDependencies"]["axe-core"])
    assert "axe-core" not in package.get("dependencies", {})
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/axe-core"]["version"] == package["devDependencies"]["axe-core"]
    assert AXE.is_file()
    for path in built_site.rglob("*"):
        assert "axe" not in path.name.lower(), path
        if path.suffix in (".html", ".js") and path.stat().st_size < 2_000_000:
            assert "axe-core" not in path.read_text(encoding="utf-8", errors="ignore"), path


CALCULATOR_KINDS = {kind: url for kind, url in PAGE_TYPES.items() if url in CALCULATORS.values()}
"""The calculator pages among the kinds: checked as every kind is, on the load that then goes through their states
(``test_axe_calculator_states``), so that their engines start once."""


@pytest.mark.parametrize("kind", [kind for kind in PAGE_TYPES if kind not in CALCULATOR_KINDS])
def test_axe_every_page(themed, server, kind):
    """Every kind of page, light and dark, with its calculators computed: no serious or critical violation. The same
    load is the content security policy's check of every kind of page: it loads, runs its calculators (which compute,
    then answer again after a change in each form) and its scripts, draws the focus, and nothing is blocked."""
    page = themed.new_page()
    page.goto(server.url + PAGE_TYPES[kind])
    assert_page_kind_accessible(page, kind)


def assert_page_kind_accessible(page, kind: str) -> None:
    """``test_axe_every_page``'s checks of a page just loaded."""
    wait_settled(page)
    outputs = page.locator(".calc-output")
    for i in range(outputs.count()):
        assert outputs.nth(i).get_attribute("data-state") == "ready", f"calculator {i} did not compute"
    if outputs.count():
        # a change in each form: the engine answers again and its HTML goes in
        page.evaluate(page_script("answer-again.js"))
        for i in range(outputs.count()):
            outputs.nth(i).and_(page.locator(".calc-output[data-state]")).wait_for(timeout=READY_TIMEOUT)
    page.keyboard.press("Tab")  # focus styles, the skip link
    page.wait_for_function("() => document.activeElement !== document.body")
    next_frame(page)  # the focused element drawn with its styles
    axe_in_both_schemes(page, kind)
    assert csp_violations(page) == []


def test_the_second_palette_reruns_every_colour_rule(themed, server):
    """The rules run again in the other palette (``COLOUR_RULES``) are every rule of the pinned axe-core that looks at
    colours and runs by default."""
    page = themed.new_page()
    page.goto(server.url + QUIET_PAGE)
    found = page.evaluate("axe._audit.rules.filter((r) => r.enabled && r.tags.includes('cat.color')).map((r) => r.id)")
    assert sorted(found) == sorted(COLOUR_RULES)


def heading_levels(html: str) -> list[int]:
    """The levels of the headings in a built page's article, in order."""
    article = re.search(r"<article\b.*?</article>", html, re.S)
    return [int(level) for level in re.findall(r"<h([1-6])\b", article.group(0) if article else "")]


def test_headings_never_skip_a_level(built_site: Path):
    """Every built page, not only the kinds axe visits: below the page's one h1, no heading goes more
    than one level deeper than the one before it (axe's heading-order)."""
    skips = {}
    for path in sorted(built_site.rglob("*.html")):
        levels = heading_levels(path.read_text(encoding="utf-8"))
        jumps = [(a, b) for a, b in zip(levels, levels[1:]) if b > a + 1]
        if levels and (levels[0] != 1 or jumps):
            skips[path.relative_to(built_site).as_posix()] = levels
    assert not skips, skips


STATES = {
    "d6-error": (CALCULATORS["skirmish-d6"], None, [('[data-path="attack.hits_on"]', "fill", "seven")]),
    "d6-map": (CALCULATORS["skirmish-d6"], {"system": "skirmish-d6", "map": {
        "attacker": [0, 1], "target": [5, 1], "obstacles": [{"hex": [2, 1], "kind": "partial"}, {"hex": [3, 1], "kind": "total"}],
        "creatures": [{"hex": [4, 0], "side": "attacker"}]}}, []),
    "er-friendly-fire": (CALCULATORS["enchanted-realms"], {
        "system": "enchanted-realms", "blind_shot": True, "attack": {"dice": 3, "rolls": [2, 5, 19], "d10": 2},
        "target": {"cover": "three-quarters"}, "others": [{"name": "Bram", "hex": [3, 0], "defense": 12},
                                                          {"name": "Wren", "hex": [5, 0], "defense": 10}]}, []),
    "link-refused": (CALCULATORS["classic-d20"], "garbage", []),
    "d20-everything": (CALCULATORS["classic-d20"], {
        "system": "classic-d20", "attack": {"to_hit": 15, "over_melee": True}, "fog_distance_ft": 25,
        "target": {"cover_example": "window", "protectors": 2, "invisible": True, "melee_rounds": 3}}, []),
    "d20-map-overlay": (CALCULATORS["classic-d20"], {
        "system": "classic-d20", "attack": {"to_hit": 15}, "overlay": "target", "map": {
            "cols": 8, "rows": 5, "attacker": [0, 2], "target": [5, 2], "obstacles": [{"hex": [2, 2], "kind": "wall"}],
            "creatures": [{"hex": [6, 2], "side": "target"}], "elevation": [{"hex": [0, 2], "height": 10}]}}, []),
}
"""Calculator states beyond the first answer: field errors, the board with pieces, long results, a refused link. Each
calculator's page is opened without a link; each state's link is then pasted into its address, which replaces every
value and error before it (a state without a link acts on the defaults the page opened with)."""

VISITS = {url: [state for state, (at, _, _) in STATES.items() if at == url] for url in CALCULATORS.values()}
"""Each calculator's address -> its states, in the order one page goes through them."""


def paste_link(page, fragment: str) -> None:
    """Put ``fragment``, a link the calculator can work out, in the open calculator's address, as a reader pasting a
    link does, and wait until its answer is shown (an error still being answered for an earlier edit is not it)."""
    page.evaluate("(f) => { delete document.querySelector('.calc--full .calc-output').dataset.state; location.hash = f; }",
                  fragment)
    page.locator('.calc--full .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)


@pytest.mark.parametrize("kind", CALCULATOR_KINDS)
def test_axe_calculator_states(themed, server, kind):
    """Each calculator page as every kind of page is checked, then in error, with a board full of pieces, with every
    result block, after a refused link: one page per calculator, light and dark in each state."""
    url = CALCULATOR_KINDS[kind]
    assert VISITS[url], f"{kind} has no state to check"
    page = themed.new_page()
    page.goto(server.url + url)
    assert_page_kind_accessible(page, kind)
    for step, state in enumerate(VISITS[url]):
        _, scenario, actions = STATES[state]
        if scenario is not None:
            paste_link(page, "#s=%%%" if scenario == "garbage" else "#s=" + encode_fragment(scenario))
        else:
            assert step == 0, f"{state}: a state without a link acts on the defaults, so it comes first"
        for selector, how, value in actions:
            getattr(page.locator(f".calc--full {selector}"), how)(value)
        if actions:
            page.locator('.calc--full .calc-output[data-state="error"]').wait_for(timeout=READY_TIMEOUT)
        axe_in_both_schemes(page, state)


def test_axe_failed_engine(browser, server, watch):
    """A calculator whose engine could not load is as accessible as a working one."""
    ctx = browser.new_context(color_scheme="light", viewport={"width": 1280, "height": 900}, service_workers="block")
    watch.attach(ctx)
    ctx.add_init_script(path=str(AXE))
    page = ctx.new_page()
    block_engine(page, watch)
    page.goto(server.url + INLINE_CALCULATOR)
    page.locator('.calc-output[data-state="failed"]').first.wait_for(timeout=READY_TIMEOUT)
    axe_in_both_schemes(page, "failed engine")
    ctx.close()
    watch.check()


CONTROLS = "input:not([type=hidden]), select, textarea, button, [role=button], [tabindex]:not([tabindex='-1']):not(a)"


def tab_to(page, selector: str, limit: int = 400, back: bool = False) -> None:
    """Press Tab (Shift+Tab with ``back``) until the focused element matches ``selector``: the keyboard only."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{selector} was never reached by Tab")


def live_text(page) -> str:
    """What the full calculator's live region holds."""
    return page.locator('.calc--full .calc-output[aria-live="polite"]').inner_text()


def test_keyboard_only_d6_form_and_board(keyboard, server):
    """d6 Skirmish by keyboard alone: type numbers, pick from lists, switch to the map, place pieces on the board; then,
    on the same page, its live regions, names and visible focus, and cues that are never colour alone."""
    page = keyboard.new_page()
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    wait_settled(page)
    tab_to(page, '.calc--full [data-path="attack.hits_on"]')
    page.keyboard.press("Control+a")
    page.keyboard.type("4")
    tab_to(page, '.calc--full [data-path="light"]')
    page.keyboard.press("d")  # Dark, then Dim: a closed list takes letters
    page.keyboard.press("d")
    assert page.locator('.calc--full [data-path="light"]').input_value() == "dim"
    tab_to(page, '.calc--full [data-path="obstacles.partial"]')
    page.keyboard.press("Control+a")
    page.keyboard.type("1")
    page.locator('.calc--full [data-key="headline"]').filter(has_text="Hits on 6+").wait_for()
    assert "Hits on 6+" in live_text(page), "the answer is in the live region"
    tab_to(page, '.calc--full [data-path="target.prone"]')
    page.keyboard.press("Space")
    assert page.locator('.calc--full [data-path="target.prone"]').is_checked()
    # the alternative: a radio group, arrows choose
    tab_to(page, '.calc--full input[data-role="alternative"]:checked', back=True)
    page.keyboard.press("ArrowDown")
    assert page.locator('.calc--full input[data-role="alternative"][value="map"]').is_checked()
    # the map starts from the form's situation: the attacker, the counted obstacle and the target laid out in row 2
    page.locator('.calc--full g.hex[data-hex="1,2"][data-piece="partial"]').wait_for(timeout=READY_TIMEOUT)
    page.locator('.calc--full .calc-facts').filter(has_text="Level 2").wait_for(timeout=READY_TIMEOUT)
    tab_to(page, '.calc--full .calc-board g.hex[tabindex="0"]')
    start = page.evaluate("document.activeElement.dataset.hex")
    page.keyboard.press("1")  # attacker
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("2")  # target
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("3")  # a partial obstacle between them: with the dim light, cover level 2
    page.locator('.calc--full .calc-board .mark--crossed').wait_for(timeout=READY_TIMEOUT)  # the engine's answer for the map
    page.locator('.calc--full .calc-facts').filter(has_text="Level 2").wait_for(timeout=READY_TIMEOUT)
    announce = page.locator('.calc--full [data-role="board-announce"]')
    # the words come after the frame that shows the piece, and the waits above may hold already from the lay-out
    announce.filter(has_text="placed").wait_for(state="attached", timeout=READY_TIMEOUT)
    assert announce.get_attribute("aria-live") == "polite"
    q, r = (int(v) for v in start.split(","))
    # the keys moved the laid-out attacker and target and put an obstacle between them, in the start's row
    placed = wait_scenario(page, lambda s: s["map"]["attacker"] == [q, r] and s["map"]["target"] == [q + 4, r]
                           and {"kind": "partial", "hex": [q + 2, r]} in s["map"]["obstacles"])["map"]
    page.locator('.calc--full .calc-facts').filter(has_text="Level 2").wait_for(timeout=READY_TIMEOUT)
    assert page.evaluate("document.activeElement.matches('g.hex')"), "focus stays on the board after the redraw"
    assert placed["attacker"] == [q, r], (start, placed)
    assert page.locator(f'.calc--full g.hex[data-hex="{start}"]').get_attribute("data-piece") == "attacker"
    assert csp_violations(page) == []
    assert_for_screen_readers_and_keyboards(page, errors_announced=True)
    assert_colour_is_never_the_only_cue(page)


def test_keyboard_only_d20_pickers(keyboard, server):
    """Classic d20 by keyboard alone: the attack bonus typed, cover and concealment picked with arrow keys; then its
    live regions, names and visible focus."""
    page = keyboard.new_page()
    page.goto(server.url + CALCULATORS["classic-d20"])
    wait_settled(page)
    tab_to(page, '.calc--full [data-path="attack.to_hit"]')
    page.keyboard.type("15")
    page.locator('.calc--full [data-key="hit_chance"]').wait_for(timeout=READY_TIMEOUT)
    tab_to(page, '.calc--full input[data-path="target.cover_example"]:checked')
    page.keyboard.press("ArrowRight")
    picked = page.evaluate("document.activeElement.value")
    chosen = page.locator(f'.calc--full input[data-path="target.cover_example"][value="{picked}"]')
    assert picked != "none" and chosen.is_checked()
    page.locator('.calc--full .calc-rules a[data-rule^="d20.cover"]').first.wait_for(timeout=READY_TIMEOUT)
    assert "cover" in live_text(page).lower()
    assert csp_violations(page) == []
    assert_for_screen_readers_and_keyboards(page)


def test_keyboard_only_er_board_and_names(keyboard, server):
    """Enchanted Realms by keyboard alone: place a creature on the board, name it in its editor, see it in the answer;
    then its live regions, names and visible focus."""
    page = keyboard.new_page()
    page.goto(server.url + CALCULATORS["enchanted-realms"])
    wait_settled(page)
    tab_to(page, '.calc--full [data-path="blind_shot"]')
    page.keyboard.press("Space")
    tab_to(page, '.calc--full .calc-board g.hex[tabindex="0"]')
    # move next to the target and put a creature there (the board's keys: digits place a piece)
    target = page.locator('.calc--full g.hex[data-piece="target"]')
    target_hex = target.get_attribute("data-hex")
    q, r = (int(v) for v in target_hex.split(","))
    count = page.evaluate("JSON.parse(document.querySelector('.calc--full [data-board]').dataset.board).slots.length")
    for _ in range(60):  # walk with the arrows to the hex just left of the target
        here = page.evaluate("document.activeElement.dataset.hex")
        hq, hr = (int(v) for v in here.split(","))
        if hr != r:
            page.keyboard.press("ArrowDown" if hr < r else "ArrowUp")
        elif hq != q - 1:
            page.keyboard.press("ArrowRight" if hq < q - 1 else "ArrowLeft")
        else:
            break
    assert page.evaluate("document.activeElement.dataset.hex") == f"{q - 1},{r}"
    page.keyboard.press(str(count))  # the last kind of piece: a creature
    editor = page.locator('.calc--full .calc-list input[type="text"]').first
    editor.wait_for()
    tab_to(page, '.calc--full .calc-list input[type="text"]')
    page.keyboard.press("Control+a")
    page.keyboard.type("Bram")
    page.locator('.calc--full [data-role="body"]').filter(has_text="Bram").wait_for(timeout=READY_TIMEOUT)
    assert "Bram" in live_text(page)
    assert csp_violations(page) == []
    assert_for_screen_readers_and_keyboards(page)


def focus_shows(page) -> bool:
    """Whether the focused element looks different from the same element unfocused (pixels, caret hidden)."""
    handle = page.evaluate_handle("document.activeElement")
    handle.evaluate("(el) => el.scrollIntoView({ block: 'center' })")
    box = handle.evaluate(page_script("focus-box.js"))
    pad = 6
    clip = {"x": max(box["x"] - pad, 0), "y": max(box["y"] - pad, 0),
            "width": box["width"] + 2 * pad, "height": box["height"] + 2 * pad}
    focused = page.screenshot(clip=clip, animations="disabled")
    handle.evaluate("(el) => el.blur()")
    plain = page.screenshot(clip=clip, animations="disabled")
    handle.evaluate("(el) => el.focus({ preventScroll: true })")
    return focused != plain


def assert_for_screen_readers_and_keyboards(page, errors_announced: bool = False) -> None:
    """Every calculator's status and answer on the page sit inside one polite live region (board changes have their
    own, and with ``errors_announced`` an error is announced too); every control (board editors and hexes too) has a
    name, ids are unique, and each stop of the Tab order in the content, board hexes included, shows that it has the
    focus. The page's calculators may be in any state."""
    wait_settled(page)
    regions = page.locator(".calc-output")
    assert regions.count() >= 1
    for i in range(regions.count()):
        region = regions.nth(i)
        assert region.get_attribute("aria-live") == "polite"
        assert region.locator('[data-role="status"]').count() == 1 and region.locator('[data-role="body"]').count() == 1
    if page.locator('.calc--full input[data-role="alternative"][value="map"]').count():
        page.locator('.calc--full input[data-role="alternative"][value="map"]').check()
        announce = page.locator('.calc--full [data-role="board-announce"]')
        assert announce.count() == 1 and announce.get_attribute("aria-live") == "polite"
    unnamed = page.evaluate(page_script("unnamed-controls.js"), CONTROLS)
    assert unnamed == []
    dangling = page.evaluate(page_script("dangling-references.js"))
    assert dangling == []
    duplicates = page.evaluate(page_script("duplicate-ids.js"))
    assert duplicates == []
    page.locator("article h1").first.click()  # start the Tab order at the article
    unseen = []
    seen = 0
    looked: set[str] = set()
    for _ in range(150):
        page.keyboard.press("Tab")
        where = page.evaluate(page_script("focused-in-article.js"))
        if where is None:
            if seen:
                break
            continue
        seen += 1
        # One look per kind of stop: elements of one kind in one kind of place are styled by the same rules.
        kind = page.evaluate(page_script("focused-kind.js"))
        if kind in looked:
            continue
        looked.add(kind)
        if not focus_shows(page):
            unseen.append(where)
    assert seen > 10
    assert unseen == [], f"focus not visible on: {unseen}"
    if errors_announced:
        page.locator('.calc--full [data-path="attack.hits_on"]').fill("9")
        page.locator('.calc--full .calc-output[data-state="error"]').wait_for()
        assert "Not worked out" in live_text(page) and "out of range" in live_text(page), "errors are announced too"


def test_inline_calculator_for_screen_readers_and_keyboards(keyboard, server):
    """A rulebook page's inline calculator, as each full calculator is after its keyboard-only test above."""
    page = keyboard.new_page()
    page.goto(server.url + INLINE_CALCULATOR)
    assert_for_screen_readers_and_keyboards(page)


def assert_colour_is_never_the_only_cue(page) -> None:
    """On the open d6 Skirmish calculator, with a map pasted in: links in text are underlined, errors say so in words
    with a sign, board pieces carry a letter."""
    paste_link(page, "#s=" + encode_fragment(
        {"system": "skirmish-d6",
         "map": {"attacker": [0, 1], "target": [4, 1], "obstacles": [{"hex": [2, 1], "kind": "partial"}]}}))
    plain = page.evaluate(page_script("plain-links.js"))
    assert plain == []
    pieces = page.evaluate(page_script("board-pieces.js"))
    assert len(pieces) == 3 and all(symbol.strip() and label for _, symbol, label in pieces), pieces
    page.locator('.calc--full [data-path="map.cols"]').fill("x")
    page.locator('.calc--full .calc-output[data-state="error"]').wait_for()
    status = page.locator('.calc--full [data-role="status"]')
    assert "Not worked out" in status.inner_text()
    sign = status.evaluate("(el) => getComputedStyle(el, '::before').content")
    assert "⚠" in sign
    error = page.locator('.calc--full [data-error-for="map.cols"]')
    assert error.is_visible() and error.inner_text().strip()
    assert page.locator('.calc--full [data-path="map.cols"]').get_attribute("aria-invalid") == "true"
