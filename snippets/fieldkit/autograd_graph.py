"""Draw the autograd graph behind a tensor as a standalone SVG.

A tensor made by a differentiable operation remembers how it was made: its ``grad_fn`` is a
*backward node*, and ``grad_fn.next_functions`` leads to the backward nodes of the operation's
inputs. Following those links from an output to the leaves gives the graph ``backward()`` runs.
:func:`graph_of` walks it, :func:`to_svg` lays it out with grandalf's Sugiyama (layered) layout
and writes the SVG by hand, and :func:`describe` prints it as text. There are four node kinds:

* ``output`` - a tensor you passed in;
* ``function`` - a backward node such as ``MulBackward0``;
* ``leaf`` - an ``AccumulateGrad`` node, which adds the gradient it gets into a leaf's ``.grad``;
* ``saved`` - a tensor a backward node keeps for its own backward pass (``_saved_self``, ...).

Edges point the way gradients flow, from the outputs to the leaves; a saved tensor is a dashed
box with a dashed edge into the node that saved it. Colours are CSS variables (``--agv-*``) with
fallbacks, so the page's stylesheet can theme the figure for light and dark modes. Under the
graph, a legend names the colour of each kind of node the figure contains, in English and in
Chinese (``<g class="agv-legend" lang="...">``); the Chinese one is hidden unless the page's
stylesheet shows it on Chinese pages.
"""

from __future__ import annotations

import hashlib
import math
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

import torch
from grandalf import graphs as gg
from grandalf.layouts import SugiyamaLayout

CHAR_WIDTH = 7.2  # estimated width of one monospace character at font-size 12
PAD_X, BOX_H, MARGIN = 10.0, 26.0, 12.0
KEY_FONT, KEY_ROW, KEY_SWATCH, KEY_GAP = 11, 18.0, 14.0, 16.0  # the legend under the graph
LEGEND = {  # kind -> what the legend calls it, per language; in the order the legend lists them
    "output": {"en": "tensor you start from", "zh": "起点张量"},
    "function": {"en": "backward node", "zh": "反向节点"},
    "leaf": {"en": "AccumulateGrad of a leaf", "zh": "叶子张量的 AccumulateGrad"},
    "saved": {"en": "saved tensor", "zh": "保存的张量"},
}
FALLBACK = {  # colours for pages that do not set the --agv-* variables
    "output-fill": "#fff3e0",
    "function-fill": "#e3f2fd",
    "leaf-fill": "#e8f5e9",
    "saved-fill": "#f3e5f5",
    "stroke": "#37474f",
    "text": "#263238",
    "edge": "#546e7a",
}


@dataclass(frozen=True)
class Node:
    """One box of the drawing; ``id`` is ``n0``, ``n1``, ... in the order the walk found it."""

    id: str
    kind: str  # "output", "function", "leaf" or "saved"
    label: str


@dataclass(frozen=True)
class Edge:
    """An arrow from ``source`` to ``target``; ``saved`` marks a saved tensor's dashed edge."""

    source: str
    target: str
    saved: bool = False


@dataclass
class Graph:
    """A plain snapshot of an autograd graph: strings only, no tensors or backward nodes."""

    nodes: list[Node] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)

    def add_node(self, kind: str, label: str) -> str:
        self.nodes.append(Node(f"n{len(self.nodes)}", kind, label))
        return self.nodes[-1].id

    def add_edge(self, source: str, target: str, saved: bool = False) -> None:
        if Edge(source, target, saved) not in self.edges:  # x * x uses x twice: one arrow
            self.edges.append(Edge(source, target, saved))


def _tensor_label(name: str, tensor: torch.Tensor) -> str:
    """``name (2, 3)``, followed by the dtype when it is not the default float32."""
    label = f"{name} {tuple(tensor.shape)}"
    if tensor.dtype != torch.float32:
        label += " " + str(tensor.dtype).removeprefix("torch.")
    return label


def _saved_tensors(fn: Any) -> list[tuple[str, torch.Tensor]]:
    """(name, tensor) for each tensor that the backward node ``fn`` saved.

    PyTorch shows them as attributes ``_saved_<name>``; some of those hold plain numbers
    (``_saved_alpha``) and are left out. ``backward()`` frees saved tensors unless asked to
    ``retain_graph``, and reading one afterwards raises RuntimeError: then there are none.
    """
    found = []
    try:
        for attribute in dir(fn):  # dir() is sorted, so the order is stable
            if attribute.startswith("_saved_"):
                value = getattr(fn, attribute)
                if isinstance(value, torch.Tensor):
                    found.append((attribute.removeprefix("_saved_"), value))
    except RuntimeError:
        return []
    return found


def graph_of(*outputs: torch.Tensor, params: Mapping[str, torch.Tensor] | None = None) -> Graph:
    """Walk the autograd graph behind ``outputs`` breadth-first and return it as a :class:`Graph`.

    ``params`` names tensors, e.g. ``{"w": w}`` or ``dict(model.named_parameters())``: a leaf or
    output that *is* one of them (the same object) gets its name. A backward node reached along
    several paths appears once. Inputs that need no gradient, such as constants, add no node.
    """
    if not outputs:
        raise ValueError("graph_of needs at least one tensor")
    names = {id(tensor): name for name, tensor in (params or {}).items()}
    graph = Graph()
    found: dict[int, str] = {}  # id() of a backward node -> its node id in `graph`
    alive: list[Any] = []  # every backward node seen, held so that no id() gets reused
    queue: deque[Any] = deque()

    def visit(fn: Any) -> str:
        if id(fn) not in found:
            if type(fn).__name__ == "AccumulateGrad":
                name = names.get(id(fn.variable), "leaf")
                found[id(fn)] = graph.add_node("leaf", _tensor_label(name, fn.variable))
            else:
                found[id(fn)] = graph.add_node("function", type(fn).__name__)
            alive.append(fn)
            queue.append(fn)
        return found[id(fn)]

    for tensor in outputs:
        output = graph.add_node("output", _tensor_label(names.get(id(tensor), "output"), tensor))
        if tensor.grad_fn is not None:
            graph.add_edge(output, visit(tensor.grad_fn))
    while queue:
        fn = queue.popleft()
        for name, saved in _saved_tensors(fn):
            graph.add_edge(graph.add_node("saved", _tensor_label(name, saved)), found[id(fn)], True)
        for next_fn, _ in fn.next_functions:
            if next_fn is not None:  # (None, 0): an input that needs no gradient
                graph.add_edge(found[id(fn)], visit(next_fn))
    return graph


class _View:
    """What grandalf reads and writes: a vertex's view gives its size (``w``, ``h``) and gets
    its centre (``xy``); an edge's view gets the edge's points, bends included (``setpath``)."""

    def __init__(self, w: float = 0.0, h: float = 0.0) -> None:
        self.w, self.h, self.xy = w, h, (0.0, 0.0)
        self.points: list[tuple[float, float]] = []

    def setpath(self, points: list[tuple[float, float]]) -> None:
        self.points = list(points)


def _clip(box: _View, towards: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the centre of ``box`` towards a point leaves the box."""
    (cx, cy), (tx, ty) = box.xy, towards
    dx, dy = tx - cx, ty - cy
    scale = min(box.w / 2 / abs(dx) if dx else math.inf, box.h / 2 / abs(dy) if dy else math.inf)
    return cx + dx * scale, cy + dy * scale


def _layout(graph: Graph) -> tuple[dict[str, _View], list[list[tuple[float, float]]]]:
    """Place every node and route every edge (in ``graph.edges`` order) with grandalf.

    Sugiyama puts nodes on layers so that edges point down, then reorders each layer to reduce
    crossings. An invisible root above the outputs makes the graph connected: one layout, no
    components to arrange. The graph is built with ``graph_core`` from lists, because
    ``grandalf.graphs.Graph`` gathers edges in a ``set``, whose order (and so the layout) can
    change between runs. A saved tensor is laid out *below* the node that saved it, beside that
    node's inputs, and its edge is drawn pointing back up.
    """
    vertices = {node.id: gg.Vertex(node.id) for node in graph.nodes}
    for node in graph.nodes:
        vertices[node.id].view = _View(len(node.label) * CHAR_WIDTH + 2 * PAD_X, BOX_H)
    root = gg.Vertex("root")  # zero-sized and never drawn
    root.view = _View()
    from_root = [gg.Edge(root, vertices[node.id]) for node in graph.nodes if node.kind == "output"]
    links = []  # one per edge of the graph, in the same order
    for edge in graph.edges:
        upper, lower = (edge.target, edge.source) if edge.saved else (edge.source, edge.target)
        links.append(gg.Edge(vertices[upper], vertices[lower]))
        links[-1].view = _View()
    layout = SugiyamaLayout(gg.graph_core([root, *vertices.values()], from_root + links))
    layout.xspace, layout.yspace = 24, 36
    layout.init_all(roots=[root])
    layout.draw()
    paths = []
    for edge, link in zip(graph.edges, links, strict=True):
        (upper, lower), points = link.v, link.view.points
        line = [_clip(upper.view, points[1]), *points[1:-1], _clip(lower.view, points[-2])]
        paths.append(line[::-1] if edge.saved else line)
    return {node_id: vertex.view for node_id, vertex in vertices.items()}, paths


def _var(name: str) -> str:
    """A theme-able colour: the page's ``--agv-<name>`` variable, else a fallback."""
    return f"var(--agv-{name}, {FALLBACK[name]})"


def _text_width(text: str, size: float) -> float:
    """Estimated width of ``text`` in a monospace font: CJK characters are twice as wide."""
    wide = sum(1 for ch in text if ord(ch) >= 0x2E80)
    return (len(text) - wide) * size * 0.6 + wide * size


def _legend_rows(kinds: list[str], language: str, width: float) -> list[list[tuple[str, float]]]:
    """The legend's items (kind, item width) wrapped into rows no wider than ``width``."""
    rows: list[list[tuple[str, float]]] = [[]]
    used = 0.0
    for kind in kinds:
        item = KEY_SWATCH + 5 + _text_width(LEGEND[kind][language], KEY_FONT)
        if rows[-1] and used + KEY_GAP + item > width:
            rows.append([])
            used = 0.0
        used += (KEY_GAP if rows[-1] else 0.0) + item
        rows[-1].append((kind, item))
    return rows


def _legend(kinds: list[str], language: str, rows: list[list[tuple[str, float]]],
            top: float) -> str:
    """One language's legend as a ``<g>``: a swatch in each kind's colours, then its name."""
    hidden = "" if language == "en" else ' display="none"'
    out = [f'<g class="agv-legend" lang="{language}"{hidden} font-family="monospace"'
           f' font-size="{KEY_FONT}">']
    for number, row in enumerate(rows):
        x, y = MARGIN, top + number * KEY_ROW
        for kind, item in row:
            style = f"fill: {_var(kind + '-fill')}; stroke: {_var('stroke')}"
            style += "; stroke-dasharray: 3 2" if kind == "saved" else ""
            x0, y0, x1, y1 = x, y + 2.0, x + KEY_SWATCH, y + 12.0
            box = f"M{x0:.1f},{y0:.1f} L{x1:.1f},{y0:.1f} L{x1:.1f},{y1:.1f} L{x0:.1f},{y1:.1f} z"
            text = f'x="{x + KEY_SWATCH + 5:.1f}" y="{y + 7.0:.1f}" dy="0.35em"'
            out += [f'<path class="agv-key {kind}" d="{box}" style="{style}"/>',
                    f'<text {text} style="fill: {_var("text")}">'
                    f"{escape(LEGEND[kind][language], quote=False)}</text>"]
            x += item + KEY_GAP
    out.append("</g>")
    return "\n".join(out)


def to_svg(graph: Graph, *, title: str | None = None, legend: bool = True) -> str:
    """Lay ``graph`` out top to bottom and return it as one ``<svg>`` element (no XML prolog).

    The same graph always gives the same bytes, so the figure can be committed and compared.
    With ``legend`` (the default) a key to the colours of the kinds of node drawn goes under it.
    """
    if not graph.nodes:
        raise ValueError("nothing to draw: the graph has no nodes")
    boxes, paths = _layout(graph)
    left = min(b.xy[0] - b.w / 2 for b in boxes.values()) - MARGIN
    top = min(b.xy[1] - b.h / 2 for b in boxes.values()) - MARGIN
    width = max(b.xy[0] + b.w / 2 for b in boxes.values()) + MARGIN - left
    height = max(b.xy[1] + b.h / 2 for b in boxes.values()) + MARGIN - top
    kinds = [kind for kind in LEGEND if any(node.kind == kind for node in graph.nodes)]
    legends = []
    if legend:
        widest = max(KEY_SWATCH + 5 + _text_width(LEGEND[kind][language], KEY_FONT)
                     for kind in kinds for language in ("en", "zh"))
        width = max(width, widest + 2 * MARGIN)
        rows = {language: _legend_rows(kinds, language, width - 2 * MARGIN)
                for language in ("en", "zh")}
        legends = [_legend(kinds, language, rows[language], height) for language in rows]
        height += max(len(r) for r in rows.values()) * KEY_ROW + MARGIN / 2

    def at(x: float, y: float) -> str:  # layout coordinates -> SVG ones, one decimal
        return f'x="{x - left:.1f}" y="{y - top:.1f}"'

    # Several figures can share one HTML page: an id derived from the graph keeps their arrow
    # markers apart and still comes out the same on every run.
    marker = "agv-arrow-" + hashlib.sha1(describe(graph).encode()).hexdigest()[:8]
    size = f'viewBox="0 0 {width:.1f} {height:.1f}" width="{width:.1f}" height="{height:.1f}"'
    arrow = (
        f'<marker id="{marker}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8"'
        ' markerHeight="8" markerUnits="userSpaceOnUse" orient="auto">'
        f'<path d="M0,0 L10,5 L0,10 z" style="fill: {_var("edge")}"/></marker>'
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} role="img" class="autograd-graph">',
        f"<title>{escape(title or 'autograd graph', quote=False)}</title>",
        f'<defs>{arrow}</defs>\n<g class="edges">',
    ]
    for edge, points in zip(graph.edges, paths, strict=True):
        d = "M" + " L".join(f"{x - left:.1f},{y - top:.1f}" for x, y in points)
        style = f"fill: none; stroke: {_var('edge')}; stroke-width: 1.2"
        style += "; stroke-dasharray: 4 3" if edge.saved else ""
        kind = "edge saved" if edge.saved else "edge"
        out.append(f'<path class="{kind}" d="{d}" style="{style}" marker-end="url(#{marker})"/>')
    out.append('</g>\n<g class="nodes" font-family="monospace" font-size="12">')
    for node in graph.nodes:
        box = boxes[node.id]
        corner = at(box.xy[0] - box.w / 2, box.xy[1] - box.h / 2)
        fill = f"fill: {_var(node.kind + '-fill')}; stroke: {_var('stroke')}"
        fill += "; stroke-dasharray: 4 3" if node.kind == "saved" else ""
        text = f'dy="0.35em" text-anchor="middle" style="fill: {_var("text")}"'
        out += [
            f'<g id="{node.id}" class="node {node.kind}">',
            f'<rect {corner} width="{box.w:.1f}" height="{box.h:.1f}" rx="6" style="{fill}"/>',
            f"<text {at(*box.xy)} {text}>{escape(node.label, quote=False)}</text>\n</g>",
        ]
    out.append("</g>")
    out += legends
    return "\n".join(out) + "\n</svg>\n"


def draw(
    *outputs: torch.Tensor,
    params: Mapping[str, torch.Tensor] | None = None,
    title: str | None = None,
) -> str:
    """Walk and draw in one call: ``to_svg(graph_of(*outputs, params=params), title=title)``."""
    return to_svg(graph_of(*outputs, params=params), title=title)


def describe(graph: Graph) -> str:
    """One line per node in walk order: id, kind, label and the nodes its edges point to.

    ``->`` is an edge gradients flow along, ``..>`` joins a saved tensor to the node that saved
    it. For ``2 * torch.sin(a) + 1`` the listing starts::

        n0  output    output ()       -> n1
        n1  function  AddBackward0    -> n2
    """
    width = max((len(node.label) for node in graph.nodes), default=0)
    lines = []
    for node in graph.nodes:
        targets = [edge.target for edge in graph.edges if edge.source == node.id]
        line = f"{node.id:<4}{node.kind:<10}{node.label:<{width}}"
        if targets:
            line += f"  {'..>' if node.kind == 'saved' else '->'} {', '.join(targets)}"
        lines.append(line.rstrip())
    return "\n".join(lines)
