"""The rules core as the plugin uses it: every pycore name the build needs, imported here only.

Each system's pages (``systems/<module>``) and the rules tables (``tables``) read each system's own
constants from its module; everything else goes through this one place.
"""

from pycore import ScenarioError, evaluate, ref
from pycore.dice import percent
from pycore.fragment import encode_fragment
from pycore.page.handler import scenario_to_values
from pycore.page.render import result_html, summary_text
from pycore.schema import flatten
from pycore.systems import RULES, RULINGS, SYSTEMS
from pycore.views import VIEWS
from pycore.views.overlay import blocks as overlay_blocks
from pycore.views.svg import board_svg, legend_html

__all__ = ["RULES", "RULINGS", "SYSTEMS", "VIEWS", "ScenarioError", "board_svg", "encode_fragment", "evaluate",
           "flatten", "legend_html", "overlay_blocks", "percent", "ref", "result_html", "scenario_to_values", "summary_text"]
