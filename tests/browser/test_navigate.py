"""Calculator pages opened in place (assets/page/navigate.js): the running engine serves the new page at once."""

from browser.support import (
    calculator_address,
    full_calculator,
    page_script,
    scenario_in_url,
    wait_engine,
    wait_state,
)

RULEBOOK = "rules/skirmish-d6/cover/"  # a rulebook page with inline calculators: its engine starts
COUNT_WORKERS = page_script("count-workers.js")
KEEP_BOARD = page_script("keep-board.js")
OLD_BOARD_HEARD = page_script("old-board-heard.js")


def open_rulebook(page, server):
    page.add_init_script(COUNT_WORKERS)
    page.goto(server.url + RULEBOOK)
    wait_engine(page)
    page.evaluate("window.__sameDocument = true")


def test_open_in_the_calculator_keeps_the_engine_and_the_situation(page, server):
    """An inline calculator's "open in the calculator" link: the calculator page comes in place (same
    document, same single worker), shows the inline situation at once, answers changes, and Back loads
    the rulebook page again."""
    open_rulebook(page, server)
    inline = page.locator('[data-calculator="skirmish-d6"][data-mode="inline"]').first
    inline.locator('[data-path="obstacles.partial"]').fill("2")
    link = inline.locator('[data-role="open"]')
    page.wait_for_function("([a]) => a.href.includes('#s=')", arg=[link.element_handle()])
    link.click()
    page.wait_for_url("**/calculator/skirmish-d6/#s=*")
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    assert page.evaluate("window.__sameDocument") is True
    assert page.evaluate("window.__workers.filter((name) => name === 'worker.js').length") == 1
    assert calc.locator('[data-path="obstacles.partial"]').input_value() == "2"
    assert scenario_in_url(page)["obstacles"]["partial"] == 2
    assert page.title().startswith("d6 Skirmish calculator")
    assert page.evaluate("document.activeElement.tagName") == "H1"
    assert page.locator(".md-sidebar--primary .md-nav__link--active").filter(has_text="Calculator").count() >= 1
    assert page.locator("[data-offline-status]").count() == 1 and page.locator("[data-offline-update]").count() == 1
    # the page works as if loaded: a change is answered and written into the address
    before = calc.locator('[data-role="body"]').inner_text()
    hash_before = page.evaluate("location.hash")
    calc.locator('[data-path="light"]').select_option("dim")
    page.wait_for_function("(hash) => location.hash !== hash", arg=hash_before)
    wait_state(calc, "ready")
    assert scenario_in_url(page)["light"] == "dim" and scenario_in_url(page)["obstacles"]["partial"] == 2
    assert calc.locator('[data-role="body"]').inner_text() != before
    # rule links of the new page resolve against its own address
    href = calc.locator(".calc-rules a").first.evaluate("a => a.href")
    assert "/rules/skirmish-d6/" in href and "/calculator/rules/" not in href
    page.go_back()
    page.wait_for_url("**/" + RULEBOOK)
    wait_engine(page)
    assert page.evaluate("window.__sameDocument") is None  # loaded anew


def test_other_links_load_their_page(page, server):
    """Only calculator pages open in place: a link to another rulebook page loads it as usual."""
    open_rulebook(page, server)
    page.locator(".md-sidebar--primary a.md-nav__link", has_text="Height").first.click()
    page.wait_for_url("**/rules/skirmish-d6/height/")
    page.wait_for_load_state("load")
    assert page.evaluate("window.__sameDocument") is None


def test_a_failed_fetch_loads_the_page_instead(page, server, watch):
    """The calculator page cannot be fetched in place (the server fails once): the link loads it."""
    watch.allowed_console.append("status of 503")  # the failure this test makes
    open_rulebook(page, server)
    failures = []

    def fail_once(route):
        if not failures:
            failures.append(route.request.url)
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    page.route("**/calculator/skirmish-d6/", fail_once)
    page.locator(".md-sidebar--primary a.md-nav__link[href$='calculator/skirmish-d6/']").first.click()
    page.wait_for_url(calculator_address("skirmish-d6"))
    wait_state(full_calculator(page, "skirmish-d6"), "ready")
    assert failures and page.evaluate("window.__sameDocument") is None


def test_on_a_phone_the_navigation_drawer_closes(page, server):
    """Chosen from the navigation drawer of a narrow screen, the calculator opens in place and the drawer
    closes, as after a page load."""
    page.set_viewport_size({"width": 400, "height": 800})
    open_rulebook(page, server)
    page.locator('label.md-header__button[for="__drawer"]').click()
    link = page.locator(".md-nav--primary a.md-nav__link[href$='calculator/skirmish-d6/']").first
    link.wait_for(state="visible")
    link.click()
    page.wait_for_url(calculator_address("skirmish-d6"))
    wait_state(full_calculator(page, "skirmish-d6"), "ready")
    assert page.evaluate("window.__sameDocument") is True
    page.wait_for_function("() => !document.getElementById('__drawer').checked")  # Material closes it after 125 ms


def test_one_engine_serves_every_system(page, server):
    """From the d6 calculator to the Classic d20 one in place: the same worker answers the other system."""
    page.add_init_script(COUNT_WORKERS)
    page.goto(server.url + "calculator/skirmish-d6/")
    wait_state(full_calculator(page, "skirmish-d6"), "ready")
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-sidebar--primary a.md-nav__link[href$='classic-d20/']", has_text="Calculator").first.click()
    page.wait_for_url(calculator_address("classic-d20"))
    calc = full_calculator(page, "classic-d20")
    wait_state(calc, "ready")
    assert page.evaluate("window.__sameDocument") is True
    assert page.evaluate("window.__workers.filter((name) => name === 'worker.js').length") == 1
    assert page.locator("[data-calculator]").count() == 1  # the d6 calculator is gone with its page
    calc.locator('[data-path="target.ac"]').fill("5")
    page.wait_for_function("() => location.hash.startsWith('#s=')")
    assert scenario_in_url(page)["target"]["ac"] == 5


def test_the_board_of_a_page_left_in_place_no_longer_listens(page, server):
    """From the d6 calculator to the Classic d20 one in place: the d6 board is torn down (its observer of the
    page's palette and its listeners removed), while the new board hears a palette change."""
    page.goto(server.url + "calculator/skirmish-d6/")
    wait_state(full_calculator(page, "skirmish-d6"), "ready")
    assert page.evaluate(KEEP_BOARD) is True
    page.locator(".md-sidebar--primary a.md-nav__link[href$='classic-d20/']", has_text="Calculator").first.click()
    page.wait_for_url(calculator_address("classic-d20"))
    wait_state(full_calculator(page, "classic-d20"), "ready")
    assert page.evaluate(OLD_BOARD_HEARD) == {"old": False, "fresh": True, "oldMarks": False, "oldGone": True,
                                              "oldFound": False, "oldInPage": False}
