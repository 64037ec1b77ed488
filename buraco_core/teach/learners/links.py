"""Assignment links a learner can open, wherever the class runs.

The teacher's page knows two things about where it runs: its own address, as the browser reports
it, and the environment variables of its kernel. :func:`assignment_link` decides from them which
form of link a learner can open, and says why (a catalog sentence):

- **Binder** (``BINDER_LAUNCH_HOST`` and ``BINDER_PERSISTENT_REQUEST`` or ``BINDER_REQUEST``, set
  by BinderHub's spawner): every learner needs a session of their own, so the link is a Binder
  launch link of the very commit the teacher's session runs (the persistent request), its
  ``urlpath`` the review page with ``#set=<text>``; BinderHub opens ``urlpath`` on the new server
  (``new URL(urlpath, server)``, the token added to the query), so the fragment arrives.
- **JupyterHub** (``JUPYTERHUB_SERVICE_PREFIX``, e.g. ``/user/mrs-smith/``, a prefix of the page's
  path): the teacher's own server answers 403 to everyone else, so the link goes through the hub,
  ``<base>hub/user-redirect/<page>``, which sends each learner to their own server. The set rides
  in the query (``?set=``) rather than the fragment: a learner who is not logged in yet goes
  through the hub's login form, and a form's POST loses the fragment, but the hub keeps the query
  in ``next``. The hub decodes and encodes the query again on the way (``url_concat``), so the
  text is percent-encoded once more in the link and comes out as it went in.
- **The static site** (the page's path ends with ``.html``): the site's own address; each
  learner's browser runs the review page itself.
- **A plain server** (Voila of ``scripts/app.sh``): the review page beside the teacher's page.

A page opened at ``localhost`` (or 127.0.0.1, ::1) makes links only this computer can open: the
link is made, with a warning that says what to do instead (Binder's links never are: they name
Binder's host).

>>> env = {"JUPYTERHUB_SERVICE_PREFIX": "/user/mrs-smith/", "JUPYTERHUB_BASE_URL": "/"}
>>> link = assignment_link("rules:buraco/n:2", "https://hub.school.org/user/mrs-smith/voila/render/lessons/teacher.ipynb", env)
>>> link.form, link.url
('hub', 'https://hub.school.org/hub/user-redirect/voila/render/lessons/10_review.ipynb?set=rules%3Aburaco%2Fn%3A2')
>>> link.warning is None
True
>>> assignment_link("rules:buraco/n:2", "http://localhost:8866/voila/render/lessons/teacher.ipynb", {}).warning.key
'assign.link.local'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal
from urllib.parse import quote, urlsplit

from ...messages import Message, message

__all__ = ["REVIEW_PAGE", "AssignmentLink", "LinkForm", "assignment_link", "is_local_host"]

#: The page an assignment's link opens, beside the teacher's page (``.html`` on the static site).
REVIEW_PAGE = "10_review.ipynb"

LinkForm = Literal["binder", "hub", "static", "server"]


@dataclass(frozen=True)
class AssignmentLink:
    """An assignment's link (``url``), its ``form``, the sentence that says which form and why
    (``note``), and a warning where a learner cannot open it (``warning``: the page is at
    localhost)."""

    url: str
    form: LinkForm
    note: Message
    warning: Message | None = None


def is_local_host(host: str) -> bool:
    """Whether ``host`` names this computer only (localhost, a loopback or unspecified address)."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def _page_folder(path: str) -> str:
    return path[:path.rfind("/") + 1] if "/" in path else "/"


def assignment_link(text: str, page_url: str, environ: Mapping[str, str], *,
                    review: str = REVIEW_PAGE) -> AssignmentLink:
    """The link that opens the assignment ``text`` for a learner, for a teacher's page at
    ``page_url`` (as the browser reports it) whose kernel has ``environ``. ValueError if
    ``page_url`` is no http(s) address."""
    page = urlsplit(page_url.strip())
    if page.scheme not in ("http", "https") or not page.netloc:
        raise ValueError(f"not a page's http(s) address: {page_url!r}")
    origin = f"{page.scheme}://{page.netloc}"
    host = page.hostname or ""
    static = page.path.endswith(".html")
    page_name = review.removesuffix(".ipynb") + ".html" if static else review
    review_path = _page_folder(page.path) + page_name       # e.g. /user/x/voila/render/lessons/de/10_review.ipynb
    prefix = environ.get("JUPYTERHUB_SERVICE_PREFIX", "")
    inside = review_path[len(prefix):] if prefix and review_path.startswith(prefix) else review_path.lstrip("/")
    launch_host = environ.get("BINDER_LAUNCH_HOST", "")
    request = environ.get("BINDER_PERSISTENT_REQUEST") or environ.get("BINDER_REQUEST") or ""
    if launch_host and request and not static:
        urlpath = quote(f"{inside}#set={text}", safe="/")
        url = f"{launch_host.rstrip('/')}/{request.strip('/')}?urlpath={urlpath}"
        return AssignmentLink(url, "binder", message("assign.link.binder", request=request.strip("/")))
    warning = message("assign.link.local", host=host) if is_local_host(host) else None
    if prefix and page.path.startswith(prefix) and not static:
        base = environ.get("JUPYTERHUB_BASE_URL") or "/"
        redirect = f"{base.rstrip('/')}/hub/user-redirect/"
        url = f"{origin}{redirect}{inside}?set={quote(text, safe='')}"
        return AssignmentLink(url, "hub", message("assign.link.hub", redirect=redirect, user=prefix), warning)
    url = f"{origin}{review_path}#set={text}"
    if static:
        return AssignmentLink(url, "static", message("assign.link.static", origin=origin), warning)
    return AssignmentLink(url, "server", message("assign.link.server", origin=origin), warning)
