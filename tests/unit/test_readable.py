"""HTML to Markdown / plain text: each Markdown construct, hidden content and form controls,
truncation, plain text, robustness (main-content picking: test_readable_main_content.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from webagent.readable import html_to_markdown, html_to_text

PAGES = Path(__file__).parents[1] / "data" / "html"


def page(name: str) -> str:
    return (PAGES / name).read_text(encoding="utf-8")


def md(html: str, base_url: str | None = None, *, max_chars: int | None = None) -> str:
    """Markdown of the whole body: small inputs have no main content to pick."""
    return html_to_markdown(html, base_url, main_only=False, max_chars=max_chars)


# Markdown constructs


def test_headings_and_paragraphs() -> None:
    html = "<h1>One</h1><p>First\n  paragraph.</p><h3>Three</h3><p>Second</p><h6>Six</h6><h2> </h2>"

    assert md(html) == "# One\n\nFirst paragraph.\n\n### Three\n\nSecond\n\n###### Six\n"


def test_bold_and_emphasis_only_around_text() -> None:
    html = "<p>a<b>bold </b>word, <i></i><em> em</em>, <strong> </strong>x <b>*</b></p>"

    assert md(html) == "a**bold** word, *em*, x *\n"


def test_inline_code_keeps_backticks_readable() -> None:
    html = "<p>Run <code>ls  -l</code> or <code>a`b</code> or <kbd>`x`</kbd>.</p>"

    assert md(html) == "Run `ls -l` or ``a`b`` or `` `x` ``.\n"


def test_pre_blocks_are_kept_verbatim_in_fences() -> None:
    html = (
        "<p>Code:</p><pre>def f(x):\n    if x &lt; 1:\n\n\n        return [x]<br>end</pre>"
        "<pre>```\nnested fence\n```</pre>"
    )

    assert md(html) == (
        "Code:\n\n```\ndef f(x):\n    if x < 1:\n\n\n        return [x]\nend\n```\n\n"
        "````\n```\nnested fence\n```\n````\n"
    )
    assert html_to_text(html, main_only=False) == (
        "Code:\n\ndef f(x):\n    if x < 1:\n\n\n        return [x]\nend\n\n```\nnested fence\n```\n"
    )


def test_lists_nest_by_indentation_and_number_from_start() -> None:
    html = (
        "<ul><li>a<ul><li>a1</li><li><p>a2</p><p>more</p></li></ul></li><li></li><li>b</li></ul>"
        '<ol start="3"><li>three</li><li>four<ol><li>sub</li></ol></li></ol>'
        "<ul><li>x</li><ul><li>stray nested list</li></ul></ul>"
    )

    assert md(html) == (
        "- a\n  - a1\n  - a2\n    more\n- b\n\n3. three\n4. four\n   1. sub\n\n"
        "- x\n  - stray nested list\n"
    )
    assert html_to_text(html, main_only=False).startswith("• a\n  • a1\n")


def test_links_resolve_against_base_url() -> None:
    html = (
        '<p><a href="/shop?q=a b">root</a> <a href="next.html">next</a> '
        '<a href="#top">top</a> <a href="https://other.org/x">abs</a> '
        '<a href="mailto:me@example.org">mail</a></p>'
    )

    assert md(html, "https://example.org/docs/page.html") == (
        "[root](https://example.org/shop?q=a%20b) [next](https://example.org/docs/next.html) "
        "[top](https://example.org/docs/page.html#top) [abs](https://other.org/x) "
        "[mail](mailto:me@example.org)\n"
    )


def test_links_stay_as_written_without_base_url() -> None:
    assert md('<a href="next.html">next</a>') == "[next](next.html)\n"


def test_document_base_element_moves_the_base_url() -> None:
    html = '<head><base href="/v2/"></head><body><a href="api.html">API</a></body>'

    assert md(html, "https://example.org/docs/") == "[API](https://example.org/v2/api.html)\n"


def test_links_without_a_useful_address_keep_only_their_text() -> None:
    html = (
        '<p><a href="javascript:void(0)">Open</a> <a href="JavaScript:go()">Go</a>'
        ' <a href="#">Top</a> <a>plain</a> <a href="https://example.org">https://example.org</a>'
        ' <a href="/x"> </a>'
        '<h2>Title<a class="headerlink" href="#title">¶</a></h2></p>'
    )

    assert md(html, "https://example.org") == (
        "Open Go Top plain https://example.org\n\n## Title\n"
    )


def test_images_need_alt_text() -> None:
    html = (
        '<p><img src="/a.png" alt="A cat"> <img src="/spacer.gif" alt=""> <img src="/b.png">'
        ' <img src="data:image/png;base64,AAAA" data-src="/lazy.png" alt="Lazy">'
        ' <img src="data:image/gif;base64,R0lG" alt="Inline"></p>'
    )

    assert md(html, "https://example.org/") == (
        "![A cat](https://example.org/a.png) ![Lazy](https://example.org/lazy.png) ![Inline]()\n"
    )
    assert html_to_text(html, main_only=False) == ""


def test_tables_become_pipe_tables() -> None:
    html = (
        "<table><thead><tr><th>Name</th><th>Notes</th><th>Price</th></tr></thead><tbody>"
        "<tr><td>Tea</td><td>green |\n  loose</td><td>$3</td></tr>"
        '<tr><td colspan="2">Total</td><td>$3</td></tr><tr><td>short</td></tr>'
        "<tr><td> </td><td></td></tr></tbody></table>"
    )

    assert md(html) == (
        "| Name | Notes | Price |\n| --- | --- | --- |\n| Tea | green \\| loose | $3 |\n"
        "| Total |  | $3 |\n| short |  |  |\n"
    )
    assert html_to_text(html, main_only=False) == (
        "Name | Notes | Price\nTea | green | loose | $3\nTotal |  | $3\nshort |  |\n"
    )


def test_table_without_header_cells_uses_its_first_row_and_keeps_its_caption() -> None:
    html = (
        "<table><caption>Sizes</caption><tr><td>S</td><td>36</td></tr><tr><td>M</td></tr></table>"
    )

    assert md(html) == "Sizes\n\n| S | 36 |\n| --- | --- |\n| M |  |\n"


def test_layout_tables_render_their_cells_as_blocks() -> None:
    html = (
        "<table><tr><td><p>Left column</p></td><td><table><tr><td>a</td><td>b</td></tr>"
        "<tr><td>c</td><td>d</td></tr></table></td></tr></table><table><tr><td>Alone</td></tr></table>"
    )

    assert md(html) == "Left column\n\n| a | b |\n| --- | --- |\n| c | d |\n\nAlone\n"


def test_blockquotes_line_breaks_and_rules() -> None:
    html = "<blockquote><p>One</p><p>Two<br>lines</p></blockquote><hr><p>a<br><br><br><br>b</p>"

    assert md(html) == "> One\n>\n> Two\n> lines\n\n---\n\na\n\nb\n"
    assert html_to_text(html, main_only=False) == "One\n\nTwo\nlines\n\na\n\nb\n"


def test_definition_lists_become_term_lines() -> None:
    html = (
        "<dl><dt>Color</dt><dd>Blue</dd><dt>Size</dt><dt>Fit</dt><dd>M</dd><dd>Runs small</dd>"
        "<div><dt>Care</dt><dd><p>Wash cold.</p><p>Dry flat.</p></dd></div><dt>Orphan</dt></dl>"
    )

    assert md(html) == (
        "Color: Blue\nSize:\nFit: M\nRuns small\nCare:\nWash cold.\n\nDry flat.\nOrphan:\n"
    )


def test_whitespace_collapses_like_a_browser() -> None:
    html = (
        "<div>  Hello,\t\n  <span>big </span> <b> wide</b>&nbsp;&nbsp;world!  </div>"
        "<p>\n</p><div>   </div><p>last  <br>  line  </p>"
    )

    assert md(html) == "Hello, big **wide** world!\n\nlast\nline\n"


def test_inline_elements_wrapping_blocks_render_as_blocks() -> None:
    html = '<a href="/p/1"><div><h3>Shoe</h3><p>$5</p></div></a><span><p>One</p><p>Two</p></span>'

    assert md(html) == "### Shoe\n\n$5\n\nOne\n\nTwo\n"


# Hidden content and form controls


def test_hidden_elements_scripts_and_comments_are_dropped() -> None:
    html = (
        "<p>visible</p><p hidden>hidden attr</p><p aria-hidden='true'>aria</p>"
        "<p style='color: red; DISPLAY : none'>display</p><p style='visibility:hidden'>vis</p>"
        "<script>var secret = 1;</script><style>p {}</style><noscript>enable js</noscript>"
        "<template><p>tpl</p></template><svg><text>svg text</text></svg>"
        "<iframe src='/ad'>frame</iframe><!-- a comment --><p>end <span hidden>x</span>here</p>"
    )

    assert md(html) == "visible\n\nend here\n"
    assert html_to_text(html, main_only=False) == "visible\n\nend here\n"


def test_form_controls_are_short_mentions() -> None:
    html = (
        "<form><label>Email <input type='email' name='email' value='a@b.c'></label>"
        "<input type='search' placeholder='Search entire store here...'>"
        "<input type='password' name='pass' value='hunter2'>"
        "<label><input type='checkbox' checked> Remember me</label> <input type='radio'> Other"
        "<select name='size'><option>S</option><option selected>M</option></select>"
        "<textarea aria-label='Review'>Great  bag</textarea><input type='hidden' value='token'>"
        "<button><svg></svg><div><span>Add to Cart</span></div></button>"
        "<button aria-label='Close'></button>"
        "<input type='submit'><input type='button' value='Reset filters'><input>"
        "</form>"
    )

    assert md(html) == (
        "Email [input: email = a@b.c] [input: Search entire store here...] [input: pass] "
        "[x] Remember me [ ] Other [select: M] [input: Review = Great bag] "
        "[button: Add to Cart] [button: Close] [button: Submit] [button: Reset filters] [input]\n"
    )
    assert "hunter2" not in html_to_text(html)


# Truncation


BLOCKS = "<h1>Title</h1><p>First paragraph here.</p><p>Second paragraph, a bit longer.</p>"


def test_truncation_cuts_at_a_block_boundary_and_says_how_much_is_missing() -> None:
    full = md(BLOCKS)
    assert full == "# Title\n\nFirst paragraph here.\n\nSecond paragraph, a bit longer.\n"

    cut = md(BLOCKS, max_chars=40)

    assert cut == "# Title\n\nFirst paragraph here.\n\n[… truncated: 33 more characters]\n"
    assert len("# Title\n\nFirst paragraph here.") + 33 == len(full.rstrip("\n"))


def test_truncation_inside_a_single_long_block_cuts_between_words() -> None:
    assert md("<p>alpha beta gamma delta</p>", max_chars=13) == (
        "alpha beta\n\n[… truncated: 12 more characters]\n"
    )
    assert md("<p>unbreakable</p>", max_chars=5) == "[… truncated: 11 more characters]\n"


def test_no_truncation_when_the_text_fits() -> None:
    assert md(BLOCKS, max_chars=1000) == md(BLOCKS)
    assert html_to_text(BLOCKS, max_chars=0, main_only=False) == (
        "[… truncated: 61 more characters]\n"
    )


# Plain text


def test_plain_text_has_no_markdown_syntax() -> None:
    text = html_to_text(page("blog_article.html"))

    assert text.startswith(
        "Why we moved our cron jobs to systemd timers\n\nPosted on March 2, 2024"
    )
    assert "For years our servers ran a crontab with forty-odd lines." in text
    assert "• Logs in the journal, next to everything else." in text
    assert "[Timer]\nOnCalendar=daily\nPersistent=true\n\nAnything that runs" in text
    for syntax in ("#", "**", "`", "](", "> "):
        assert syntax not in text


# Robustness


@pytest.mark.parametrize(
    "html",
    [
        "",
        "   \n ",
        "<",
        "<html>",
        "<!-- unterminated",
        "</p></div>",
        "just text",
        "https://example.org/looks-like-a-url",
        "page.html",
        "<?xml version='1.0' encoding='latin-1'?><rss><item>x</item></rss>",
        "<frameset><frame src='a.html'></frameset>",
        "<table><td>cell<tr><p>bad<li>nesting</table></b></i>",
        "a\ud800b\x00c\x0b",
        "<ul><li><ol><li><table><tr><td><pre>x",
        '<a href="http://[::1">bad host</a><img src="http://[::1" alt="x">',
        '<ol start="-2"><li>x</li></ol><td colspan="abc">y</td><td colspan="99999">z</td>',
    ],
)
def test_never_raises_on_odd_input(html: str) -> None:
    for main_only in (True, False):
        markdown = html_to_markdown(html, "https://example.org/", main_only=main_only, max_chars=50)
        text = html_to_text(html, main_only=main_only)

        for output in (markdown, text):
            assert output == "" or (output.endswith("\n") and not output.endswith("\n\n"))


def test_empty_documents_give_empty_output() -> None:
    assert html_to_markdown("") == ""
    assert html_to_text("<html><body><script>x()</script></body></html>") == ""


def test_deeply_nested_markup_keeps_its_text() -> None:
    html = "<div><span>" * 3000 + "deep text" + "</span></div>" * 3000

    assert html_to_markdown(html) == "deep text\n"


def test_text_decoded_from_a_legacy_charset_is_taken_as_is() -> None:
    raw = '<meta charset="windows-1252"><p>Größe: ½ — café ©</p>'.encode("cp1252")
    xml = "<?xml version='1.0' encoding='latin-1'?><p>Größe</p>"

    assert html_to_text(raw.decode("cp1252")) == "Größe: ½ — café ©\n"
    assert html_to_text(xml) == "Größe\n"
    assert html_to_text("<p>東京 ü</p>") == "東京 ü\n"


def test_output_is_deterministic() -> None:
    for name in ("magento_product.html", "sphinx_json.html", "blog_article.html"):
        html = page(name)

        assert html_to_markdown(html, "https://example.org/") == html_to_markdown(
            html, "https://example.org/"
        )
        assert html_to_text(html, max_chars=500) == html_to_text(html, max_chars=500)


def big_shop_page(size: int = 2_000_000) -> str:
    """A Magento-like category page: header, menu, then product cards until `size` characters."""
    card = (
        '<li class="item product product-item"><div class="product-item-info">'
        '<a href="/p{i}.html" class="product photo"><img src="/media/p{i}.jpg" alt="Bag {i}"></a>\n'
        '<strong class="product name"><a class="product-item-link" href="/p{i}.html">Bag {i}</a>'
        '</strong><div class="price-box"><span class="price">${i}.00</span></div>'
        "<p>A roomy bag, model {i}, with <b>two</b> pockets.</p>"
        '<form action="/cart/add/{i}" method="post">'
        '<input type="hidden" name="product" value="{i}">'
        '<button type="submit" title="Add to Cart"><span>Add to Cart</span></button></form>'
        '<script type="text/x-magento-init">{{"swatch": {{"config": "{blob}"}}}}</script>'
        "</div></li>\n"
    )
    head = page("magento_product.html").split("<main", 1)[0]
    parts = [head, '<main id="maincontent"><h1>Bags</h1><ol class="products list">']
    i = 0
    while sum(map(len, parts)) < size:
        parts.append(card.format(i=i, blob="x" * 2000))
        i += 1
    return "".join([*parts, "</ol></main></div></body></html>"])


def test_a_two_megabyte_page_converts_without_its_scripts() -> None:
    """How fast it converts is measured by `bench/readable_speed.py`, not here."""
    html = big_shop_page()
    assert len(html) >= 2_000_000

    markdown = html_to_markdown(html, "http://shop.example.test/bags.html")

    assert markdown.startswith(
        "# Bags\n\n1. [![Bag 0](http://shop.example.test/media/p0.jpg)](http://shop.example.test/p0.html)"
        " **[Bag 0](http://shop.example.test/p0.html)**\n   $0.00\n"
        "   A roomy bag, model 0, with **two** pockets.\n   [button: Add to Cart]\n2. "
    )
    assert "swatch" not in markdown
    assert markdown.count("[button: Add to Cart]") == html.count('title="Add to Cart"')
