"""A page's HTML as readable Markdown or plain text of its main content.

Notes and page summaries hand the result to a language model, so the conversion is faithful
(page text is never reworded or reordered), compact and deterministic. Pure: BeautifulSoup
over lxml, no network.

- `main_content`: the element holding the page's main content (`<main>`, a dominant
  `<article>`, a well-known container, else the block with most of the text);
- `html_to_markdown` / `html_to_text`: that content (or the whole body) converted;
- `document`: parsing, and what both ask of the page's nodes.
"""

from webagent.readable.main_content import main_content
from webagent.readable.markdown import html_to_markdown, html_to_text

__all__ = ["html_to_markdown", "html_to_text", "main_content"]
