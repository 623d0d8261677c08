"""The WebArena shopping and shopping_admin profiles on pages written like Magento's own.

Each snapshot is a hand-made AI-mode aria snapshot shaped like the real page (Luma's header
and footer, the admin's menu bar, icon-font characters in names), on an arbitrary host: the
rules alone must give the state, the right site must be recognised, and the controls and
requests that buy, delete, save or send must be marked irreversible.
"""

from __future__ import annotations

import itertools
import re

import pytest

from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.sites.classify import Classifier
from webagent.sites.irreversible import irreversible_request
from webagent.sites.match import PageIndex, element_matches, site_rules_hold
from webagent.sites.profile import Control, Profile
from webagent.sites.profiles import site_profile

SHOP = "http://10.0.0.5:7770"
ADMIN = "http://10.0.0.5:7780"


def _numbered(snapshot: str) -> str:
    """Give every `[ref]` placeholder its own ref, as Playwright does."""
    counter = itertools.count(1)
    return re.sub(r"\[ref\]", lambda _: f"[ref=e{next(counter)}]", snapshot)


def _indent(block: str, spaces: int) -> str:
    return "\n".join(" " * spaces + line if line else line for line in block.splitlines())


def _observe(snapshot: str, url: str, title: str = "") -> Observation:
    return compose_observation(parse_snapshot(_numbered(snapshot)), url=url, title=title)


# ----------------------------------------------------------------------------------------------
# Storefront pages: Luma's header, category menu and footer around each page's main content.

STORE_HEADER = """\
- banner [ref]:
  - list [ref]:
    - listitem [ref]:
      - link "My Account" [ref]
    - listitem [ref]:
      - link "My Wish List" [ref]
    - listitem [ref]:
      - link "Sign Out" [ref]
    - listitem [ref]: Welcome, Emma Lopez!
  - link "Skip to Content" [ref]
  - link "store logo" [ref]:
    - img "one_stop_market_logo" [ref]
  - link "\ue611 My Cart" [ref]
  - generic [ref]:
    - text: Search
    - combobox "\ue615 Search" [ref]
    - link "Advanced Search" [ref]
    - button "Search" [disabled] [ref]
- tablist [ref]:
  - tabpanel [ref]:
    - menu [ref]:
      - menuitem "\ue622 Beauty & Personal Care" [ref]
      - menuitem "\ue622 Electronics" [ref]
      - menuitem "\ue622 Home & Kitchen" [ref]
"""
STORE_FOOTER = """\
- contentinfo [ref]:
  - text: "Sign Up for Our Newsletter:"
  - textbox "Sign Up for Our Newsletter:" [ref]
  - button "Subscribe" [ref]
  - link "Privacy and Cookie Policy" [ref]
  - link "Search Terms" [ref]
  - link "Advanced Search" [ref]
  - link "Contact Us" [ref]
  - text: Copyright © 2013-present Magento, Inc. All rights reserved.
"""
PRODUCT_CARD = """\
- listitem [ref]:
  - link "Image" [ref]
  - link "Sony WH-CH510 Wireless On-Ear Headphones, Blue" [ref]
  - text: "Rating:"
  - generic [ref]: 80%
  - link "12 Reviews" [ref]
  - text: $38.00
  - button "Add to Cart" [ref]
  - button "Add to Wish List" [ref]
  - button "Add to Compare" [ref]
"""
TOOLBAR = """\
- generic [ref]: Items 1-12 of 85
- text: Sort By
- combobox "Sort By" [ref]:
  - option "Position" [selected]
  - option "Product Name"
  - option "Price"
- link "\ue613 Set Descending Direction" [ref]
- heading "Shop By" [level=2] [ref]
- tab "Category" [ref]
- tab "Price" [ref]
"""


def storefront(main: str) -> str:
    return f"{STORE_HEADER}- main [ref]:\n{_indent(main, 2)}\n{STORE_FOOTER}"


def checkout(main: str) -> str:
    """Luma's checkout keeps only the logo in its header."""
    header = (
        '- banner [ref]:\n  - link "store logo" [ref]:\n    - img "one_stop_market_logo" [ref]\n'
    )
    return f"{header}- main [ref]:\n{_indent(main, 2)}\n"


STORE_PAGES: dict[str, tuple[str, str]] = {
    "home": (
        "/",
        storefront(
            '- heading "One Stop Market" [level=1] [ref]\n'
            "- text: Product Showcases\n"
            f"- list [ref]:\n{_indent(PRODUCT_CARD, 2)}"
        ),
    ),
    "search_results": (
        "/catalogsearch/result/?q=wireless+headphones",
        storefront(
            "- heading \"Search results for: 'wireless headphones'\" [level=1] [ref]\n"
            f"{TOOLBAR}- list [ref]:\n{_indent(PRODUCT_CARD, 2)}\n"
            '- link "Page 2" [ref]\n- link "Page Next" [ref]'
        ),
    ),
    "category": (
        "/electronics/headphones.html?product_list_order=price",
        storefront(
            '- heading "Headphones" [level=1] [ref]\n'
            f"{TOOLBAR}- list [ref]:\n{_indent(PRODUCT_CARD, 2)}"
        ),
    ),
    "product": (
        "/sony-wh-ch510-wireless-on-ear-headphones-blue.html",
        storefront(
            '- heading "Sony WH-CH510 Wireless On-Ear Headphones, Blue" [level=1] [ref]\n'
            '- text: "Rating: 80%"\n'
            '- link "12 Reviews" [ref]\n'
            '- link "Add Your Review" [ref]\n'
            "- text: $38.00 In stock SKU B07T81554H\n"
            '- spinbutton "Qty" [ref]: "1"\n'
            '- button "Add to Cart" [ref]\n'
            '- link "Add to Wish List" [ref]\n'
            '- link "Add to Compare" [ref]\n'
            "- tablist [ref]:\n"
            '  - tab "Details" [selected] [ref]\n'
            '  - tab "Reviews (12)" [ref]'
        ),
    ),
    "cart": (
        "/checkout/cart/",
        storefront(
            '- heading "Shopping Cart" [level=1] [ref]\n'
            '- table "Shopping Cart Items" [ref]:\n'
            "  - row [ref]:\n"
            '    - cell "Sony WH-CH510 Wireless On-Ear Headphones, Blue" [ref]:\n'
            '      - link "Sony WH-CH510 Wireless On-Ear Headphones, Blue" [ref]\n'
            '    - cell "$38.00" [ref]\n'
            '    - cell "Qty" [ref]:\n'
            '      - spinbutton "Qty" [ref]: "1"\n'
            '    - cell "$38.00" [ref]\n'
            "  - row [ref]:\n"
            "    - cell [ref]:\n"
            '      - link "Move to Wish List" [ref]\n'
            '      - link "Edit item parameters" [ref]\n'
            '      - link "Remove item" [ref]\n'
            '- button "Update Shopping Cart" [ref]\n'
            '- link "Continue Shopping" [ref]\n'
            '- heading "Summary" [level=2] [ref]\n'
            '- button "Proceed to Checkout" [ref]'
        ),
    ),
    "checkout_shipping": (
        "/checkout/#shipping",
        checkout(
            "- list [ref]:\n"
            "  - listitem [ref]: Shipping\n"
            "  - listitem [ref]: Review & Payments\n"
            "- generic [ref]: Shipping Address\n"
            "- text: Emma Lopez 101 S San Mateo Dr San Mateo, California 94010 United States\n"
            '- button "New Address" [ref]\n'
            "- generic [ref]: Shipping Methods\n"
            '- radio "$5.00 Fixed Flat Rate" [checked] [ref]\n'
            '- button "Next" [ref]\n'
            "- text: Order Summary 1 Item in Cart"
        ),
    ),
    "checkout_payment": (
        "/checkout/#payment",
        checkout(
            "- generic [ref]: Payment Method\n"
            '- radio "Check / Money order" [checked] [ref]\n'
            '- checkbox "My billing and shipping address are the same" [checked] [ref]\n'
            '- button "Place Order" [ref]\n'
            '- tab "Apply Discount Code" [ref]\n'
            "- text: Order Summary Cart Subtotal $38.00 Shipping $5.00 Order Total $43.00"
        ),
    ),
    "order_success": (
        "/checkout/onepage/success/",
        storefront(
            '- heading "Thank you for your purchase!" [level=1] [ref]\n'
            '- text: "Your order number is:"\n'
            '- link "000000190" [ref]\n'
            "- text: We'll email you an order confirmation with details and tracking info.\n"
            '- link "Continue Shopping" [ref]'
        ),
    ),
    "sign_in": (
        "/customer/account/login/referer/aHR0cDovLzEwLjAuMC41Ojc3NzAv/",
        storefront(
            '- heading "Customer Login" [level=1] [ref]\n'
            '- heading "Registered Customers" [level=2] [ref]\n'
            '- textbox "Email" [ref]\n'
            '- textbox "Password" [ref]\n'
            '- button "Sign In" [ref]\n'
            '- link "Forgot Your Password?" [ref]\n'
            '- link "Create an Account" [ref]'
        ),
    ),
    "order_history": (
        "/sales/order/history/?limit=20",
        storefront(
            '- heading "My Orders" [level=1] [ref]\n'
            '- table "Orders" [ref]:\n'
            "  - row [ref]:\n"
            '    - cell "000000170" [ref]\n'
            '    - cell "9/23/22" [ref]\n'
            '    - cell "$32.99" [ref]\n'
            '    - cell "Canceled" [ref]\n'
            "    - cell [ref]:\n"
            '      - link "View Order" [ref]\n'
            '      - link "Reorder" [ref]'
        ),
    ),
    "order_detail": (
        "/sales/order/view/order_id/170/",
        storefront(
            '- heading "Order # 000000170" [level=1] [ref]\n'
            "- text: Canceled Order Date: September 23, 2022\n"
            '- link "Reorder" [ref]\n'
            '- link "Print Order" [ref]\n'
            '- table "Items Ordered" [ref]\n'
            "- text: Grand Total $32.99"
        ),
    ),
    "my_reviews": (
        "/review/customer/",
        storefront(
            '- heading "My Product Reviews" [level=1] [ref]\n'
            '- table "Product Reviews" [ref]:\n'
            "  - row [ref]:\n"
            '    - cell "4/19/23" [ref]\n'
            "    - cell [ref]:\n"
            '      - link "See Details" [ref]'
        ),
    ),
    "wishlist": (
        "/wishlist/",
        storefront(
            '- heading "My Wish List" [level=1] [ref]\n'
            '- link "Cuisinart Stand Mixer, Tilt-Head, Silver" [ref]\n'
            '- button "Add to Cart" [ref]\n'
            '- link "Edit" [ref]\n'
            '- link "Remove item" [ref]\n'
            '- button "Update Wish List" [ref]\n'
            '- button "Share Wish List" [ref]'
        ),
    ),
    "address_book": (
        "/customer/address/",
        storefront(
            '- heading "Address Book" [level=1] [ref]\n'
            '- link "Change Billing Address" [ref]\n'
            '- table "Additional addresses" [ref]:\n'
            "  - row [ref]:\n"
            '    - cell "1420 Lakeshore Avenue" [ref]\n'
            "    - cell [ref]:\n"
            '      - link "Edit" [ref]\n'
            '      - link "Delete" [ref]\n'
            '- button "Add New Address" [ref]'
        ),
    ),
    "not_found": (
        "/no-such-thing.html",
        storefront(
            '- heading "Whoops, our bad..." [level=1] [ref]\n'
            "- text: The page you requested was not found, and we have a fine guess why."
        ),
    ),
}


# ----------------------------------------------------------------------------------------------
# Admin pages: the logo, the left menu bar, the page header, then the page's main content.

ADMIN_MENU = """\
- link "Magento Admin Panel" [ref]:
  - img "Magento Admin Panel" [ref]
- navigation [ref]:
  - menubar [ref]:
    - link "\ue604 DASHBOARD" [ref]
    - link "\ue60b SALES" [ref]
    - link "\ue608 CATALOG" [ref]
    - link "\ue603 CUSTOMERS" [ref]
    - link "\ue609 MARKETING" [ref]
    - link "\ue602 CONTENT" [ref]
    - link "\ue60a REPORTS" [ref]
    - link "\ue60d STORES" [ref]
    - link "\ue610 SYSTEM" [ref]
"""
GRID_TOOLBAR = """\
- textbox "Search by keyword" [ref]
- button "Search" [ref]
- button "Filters" [ref]
- button "Default View" [ref]
- button "Columns" [ref]
- button "Export" [ref]
- button "Actions" [ref]
- text: 308 records found
"""


def admin(heading: str, main: str) -> str:
    banner = (
        f'- banner [ref]:\n  - heading "{heading}" [level=1] [ref]\n  - link "\ue600 admin" [ref]\n'
    )
    footer = (
        "- contentinfo [ref]:\n  - text: Copyright © 2024 Magento Commerce Inc. Magento ver. 2.4.6"
    )
    return f"{ADMIN_MENU}{banner}- main [ref]:\n{_indent(main, 2)}\n{footer}"


ADMIN_PAGES: dict[str, tuple[str, str]] = {
    "dashboard": (
        "/admin/admin/dashboard/",
        admin(
            "Dashboard",
            '- text: "Scope:"\n- button "All Store Views" [ref]\n- button "Reload Data" [ref]\n'
            "- text: Lifetime Sales $0.00 Average Order $0.00 Last Orders\n"
            '- tab "Bestsellers" [ref]\n- tab "Most Viewed Products" [ref]',
        ),
    ),
    "orders_grid": (
        "/admin/sales/order/",
        admin(
            "Orders",
            f'- button "Create New Order" [ref]\n{GRID_TOOLBAR}'
            '- table [ref]:\n  - row [ref]:\n    - cell "000000299" [ref]\n'
            '    - cell [ref]:\n      - link "View" [ref]',
        ),
    ),
    "order_view": (
        "/admin/sales/order/view/order_id/299/",
        admin(
            "#000000299",
            '- button "\ue626 Back" [ref]\n- button "Login as Customer" [ref]\n'
            '- button "Edit" [ref]\n- button "Cancel" [ref]\n- button "Send Email" [ref]\n'
            '- button "Hold" [ref]\n- button "Invoice" [ref]\n- button "Ship" [ref]\n'
            '- button "Reorder" [ref]\n'
            '- tablist [ref]:\n  - tab "Information" [selected] [ref]\n'
            '  - tab "Invoices" [ref]\n  - tab "Comments History" [ref]\n'
            "- text: Order & Account Information Order Status Pending\n"
            '- textbox "Comment" [ref]\n- button "Submit Comment" [ref]',
        ),
    ),
    "invoice_new": (
        "/admin/sales/order_invoice/new/order_id/299/",
        admin(
            "New Invoice",
            "- text: Items to Invoice\n"
            '- spinbutton "Qty to Invoice" [ref]: "1"\n'
            '- button "Update Qty\'s" [disabled] [ref]\n'
            '- textbox "Invoice Comments" [ref]\n'
            '- checkbox "Email Copy of Invoice" [ref]\n'
            '- button "Submit Invoice" [ref]',
        ),
    ),
    "shipment_new": (
        "/admin/admin/order_shipment/new/order_id/299/",
        admin(
            "New Shipment",
            '- button "Add Tracking Number" [ref]\n- text: Items to Ship\n'
            '- button "Submit Shipment" [ref]',
        ),
    ),
    "products_grid": (
        "/admin/catalog/product/",
        admin(
            "Products",
            f'- button "Add Product" [ref]\n{GRID_TOOLBAR}'
            '- table [ref]:\n  - row [ref]:\n    - cell "Sprite Yoga Strap 6 foot" [ref]\n'
            '    - cell [ref]:\n      - link "Edit" [ref]',
        ),
    ),
    "product_edit": (
        "/admin/catalog/product/edit/id/1481/",
        admin(
            "Sprite Yoga Strap 6 foot",
            '- button "\ue626 Back" [ref]\n- button "Add Attribute" [ref]\n'
            '- button "Save" [ref]\n- button "Select" [ref]\n'
            '- switch "Enable Product" [checked] [ref]\n'
            '- textbox "Product Name" [ref]: Sprite Yoga Strap 6 foot\n'
            '- textbox "SKU" [ref]: 24-WG085\n- textbox "Price" [ref]: "14.00"',
        ),
    ),
    "customers_grid": (
        "/admin/customer/index/",
        admin(
            "Customers",
            f'- button "Add New Customer" [ref]\n{GRID_TOOLBAR}'
            '- table [ref]:\n  - row [ref]:\n    - cell "emma.lopez@gmail.com" [ref]\n'
            '    - cell [ref]:\n      - link "Edit" [ref]',
        ),
    ),
    "customer_edit": (
        "/admin/customer/index/edit/id/27/",
        admin(
            "Emma Lopez",
            '- button "\ue626 Back" [ref]\n- button "Login as Customer" [ref]\n'
            '- button "Delete Customer" [ref]\n- button "Create Order" [ref]\n'
            '- button "Reset Password" [ref]\n- button "Save and Continue Edit" [ref]\n'
            '- button "Save Customer" [ref]\n'
            '- tablist [ref]:\n  - tab "Customer View" [selected] [ref]\n'
            '  - tab "Account Information" [ref]\n  - tab "Orders" [ref]',
        ),
    ),
    "reviews_grid": (
        "/admin/review/product/index/",
        admin(
            "Reviews",
            '- button "New Review" [ref]\n- button "Search" [ref]\n- button "Reset Filter" [ref]\n'
            '- combobox "Mass Action" [ref]\n- button "Submit" [ref]\n'
            '- table [ref]:\n  - row [ref]:\n    - cell "Approved" [ref]\n'
            '    - cell [ref]:\n      - link "Edit" [ref]',
        ),
    ),
    "review_edit": (
        "/admin/review/product/edit/id/352/",
        admin(
            "Edit Review",
            '- button "\ue626 Back" [ref]\n- button "Reset" [ref]\n'
            '- button "Delete Review" [ref]\n- button "Save Review" [ref]\n'
            '- combobox "Status" [ref]\n- textbox "Nickname" [ref]: Catso',
        ),
    ),
    "reports": (
        "/admin/reports/report_sales/bestsellers/",
        admin(
            "Bestsellers Report",
            '- combobox "Period" [ref]\n- textbox "From" [ref]\n- textbox "To" [ref]\n'
            '- button "Show Report" [ref]\n'
            '- table [ref]:\n  - row [ref]:\n    - cell "2022" [ref]\n'
            '    - cell "Quest Lumaflex Band" [ref]',
        ),
    ),
    "cms_pages_grid": (
        "/admin/cms/page/",
        admin("Pages", f'- button "Add New Page" [ref]\n{GRID_TOOLBAR}'),
    ),
    "cms_page_edit": (
        "/admin/cms/page/edit/page_id/2/",
        admin(
            "Home Page",
            '- button "\ue626 Back" [ref]\n- button "Delete" [ref]\n- button "Save" [ref]\n'
            '- switch "Enable Page" [checked] [ref]\n- textbox "Page Title" [ref]: Home Page',
        ),
    ),
    "marketing": (
        "/admin/search/term/index/",
        admin("Search Terms", '- button "Add New Search Term" [ref]\n- button "Search" [ref]'),
    ),
    "stores_config": (
        "/admin/admin/system_config/edit/section/general/",
        admin("Configuration", '- button "Default Config" [ref]\n- button "Save Config" [ref]'),
    ),
    "not_found": (
        "/admin/admin/reports/",
        admin("404 Error", "- text: Page not found."),
    ),
}

ADMIN_SIGN_IN = """\
- link "Magento Admin Panel" [ref]:
  - img "Magento Admin Panel" [ref]
- group "Welcome, please sign in" [ref]:
  - text: Username
  - textbox "Username" [ref]
  - text: Password
  - textbox "Password" [ref]
  - button "Sign in" [ref]
  - link "Forgot your password?" [ref]
- contentinfo [ref]:
  - text: Copyright © 2024 Magento Commerce Inc. All rights reserved.
"""


@pytest.fixture(scope="module")
def shopping() -> Profile:
    return site_profile("shopping")


@pytest.fixture(scope="module")
def shopping_admin() -> Profile:
    return site_profile("shopping_admin")


def _marked(profile: Profile, state: str, observation: Observation) -> set[str]:
    """Names of the page's elements that the site or the state marks irreversible."""
    controls: list[Control] = [
        *profile.irreversible.controls,
        *profile.state(state).irreversible.controls,
    ]
    return {
        element.name
        for element in observation.elements
        if any(element_matches(control, element.role, element.name) for control in controls)
    }


def _irreversible_request(profile: Profile, method: str, url: str) -> bool:
    rule = irreversible_request(profile, method, url)
    return rule is not None and rule.grade == "irreversible"


def test_both_profiles_load(shopping: Profile, shopping_admin: Profile) -> None:
    assert shopping.site.webarena == "shopping"
    assert shopping_admin.site.webarena == "shopping_admin"
    assert {"product", "cart", "checkout_payment", "order_detail"} <= {
        s.name for s in shopping.states
    }
    assert shopping.state("product").candidate
    assert {"order_view", "products_grid", "reports", "sign_in"} <= {
        s.name for s in shopping_admin.states
    }


@pytest.mark.parametrize("state", sorted(STORE_PAGES))
def test_storefront_pages_get_their_state_by_rules(shopping: Profile, state: str) -> None:
    path, snapshot = STORE_PAGES[state]
    result = Classifier(shopping).classify(_observe(snapshot, SHOP + path))
    assert (result.state, result.decided) == (state, "rules"), result.reason


@pytest.mark.parametrize("state", sorted(ADMIN_PAGES))
def test_admin_pages_get_their_state_by_rules(shopping_admin: Profile, state: str) -> None:
    path, snapshot = ADMIN_PAGES[state]
    result = Classifier(shopping_admin).classify(_observe(snapshot, ADMIN + path))
    assert (result.state, result.decided) == (state, "rules"), result.reason


def test_admin_sign_in_wins_over_the_page_asked_for(shopping_admin: Profile) -> None:
    classifier = Classifier(shopping_admin)
    at_login = classifier.classify(_observe(ADMIN_SIGN_IN, ADMIN + "/admin/admin/auth/login/"))
    assert (at_login.state, at_login.decided) == ("sign_in", "rules")
    at_orders = classifier.classify(_observe(ADMIN_SIGN_IN, ADMIN + "/admin/sales/order/"))
    # The orders grid's URL, but not its page: the sign-in form's rules alone hold.
    assert (at_orders.state, at_orders.decided) == ("sign_in", "rules")


def test_each_site_recognises_its_own_pages_only(
    shopping: Profile, shopping_admin: Profile
) -> None:
    for path, snapshot in STORE_PAGES.values():
        page = PageIndex.of(_observe(snapshot, SHOP + path))
        assert site_rules_hold(shopping.site.match, page), path
        assert not site_rules_hold(shopping_admin.site.match, page), path
    for path, snapshot in [*ADMIN_PAGES.values(), ("/admin/", ADMIN_SIGN_IN)]:
        page = PageIndex.of(_observe(snapshot, ADMIN + path))
        assert site_rules_hold(shopping_admin.site.match, page), path
        assert not site_rules_hold(shopping.site.match, page), path


def test_the_demo_shop_header_is_recognised_as_the_store(shopping: Profile) -> None:
    snapshot = """\
- banner [ref]:
  - link "One Stop Market home page" [ref]
  - search [ref]:
    - searchbox "Search" [ref]
    - button "Search" [ref]
- main [ref]:
  - heading "My Orders" [level=1] [ref]
"""
    observation = _observe(snapshot, "http://127.0.0.1:5000/sales/order/history/")
    assert site_rules_hold(shopping.site.match, PageIndex.of(observation))
    assert Classifier(shopping).classify(observation).state == "order_history"


def test_the_site_lists_the_controls_that_buy_delete_save_or_send(
    shopping: Profile, shopping_admin: Profile
) -> None:
    def covered(profile: Profile, role: str, name: str) -> bool:
        return any(element_matches(c, role, name) for c in profile.irreversible.controls)

    for name in ("Place Order", "Remove item", "Delete", "Submit Review", "Save", "Reorder"):
        assert covered(shopping, "button", name) or covered(shopping, "link", name), name
    for name in ("Add to Cart", "Proceed to Checkout", "Next", "Sign Out", "Search"):
        assert not covered(shopping, "button", name), name
    for name in ("Save", "Save Customer", "Delete", "Submit Comment", "Submit Invoice"):
        assert covered(shopping_admin, "button", name), name
    for name in ("Refund Offline", "Hold", "Send Email", "Login as Customer"):
        assert covered(shopping_admin, "button", name), name
    for name in ("Search", "Filters", "Apply Filters", "Save View As...", "Sign Out", "Back"):
        assert not covered(shopping_admin, "button", name), name


def test_pages_show_their_irreversible_controls(shopping: Profile, shopping_admin: Profile) -> None:
    def marked(
        profile: Profile, pages: dict[str, tuple[str, str]], state: str, base: str
    ) -> set[str]:
        path, snapshot = pages[state]
        return _marked(profile, state, _observe(snapshot, base + path))

    assert "Place Order" in marked(shopping, STORE_PAGES, "checkout_payment", SHOP)
    assert "Remove item" in marked(shopping, STORE_PAGES, "cart", SHOP)
    assert "Delete" in marked(shopping, STORE_PAGES, "address_book", SHOP)
    assert "Reorder" in marked(shopping, STORE_PAGES, "order_detail", SHOP)
    assert "Add to Cart" not in marked(shopping, STORE_PAGES, "product", SHOP)
    order = marked(shopping_admin, ADMIN_PAGES, "order_view", ADMIN)
    assert {"Cancel", "Hold", "Send Email", "Edit", "Submit Comment"} <= order
    assert not {"Invoice", "Ship", "\ue626 Back"} & order
    assert {"Delete Customer", "Save Customer", "Reset Password"} <= marked(
        shopping_admin, ADMIN_PAGES, "customer_edit", ADMIN
    )
    assert marked(shopping_admin, ADMIN_PAGES, "products_grid", ADMIN) == set()


@pytest.mark.parametrize(
    ("method", "path", "irreversible"),
    [
        ("POST", "/rest/default/V1/carts/mine/payment-information", True),
        ("POST", "/rest/default/V1/guest-carts/abc123/payment-information", True),
        ("POST", "/rest/default/V1/carts/mine/shipping-information", False),
        ("POST", "/rest/default/V1/carts/mine/set-payment-information", False),
        ("POST", "/checkout/cart/add/uenc/aHR0cA,,/product/88/", False),
        ("POST", "/checkout/cart/delete/", False),  # undoable: add it again
        ("POST", "/customer/address/delete/id/28/", True),
        ("POST", "/review/product/post/id/88/", True),
        ("POST", "/customer/account/editPost/", True),
        ("POST", "/contact/index/post/", True),
        ("POST", "/newsletter/subscriber/new/", True),
        ("POST", "/wishlist/index/add/", False),
        ("POST", "/wishlist/index/remove/", False),  # undoable: add it again
        ("POST", "/sales/order/reorder/order_id/170/", True),
        ("POST", "/customer/account/loginPost/", False),
    ],
)
def test_storefront_requests(shopping: Profile, method: str, path: str, irreversible: bool) -> None:
    assert _irreversible_request(shopping, method, SHOP + path) is irreversible


@pytest.mark.parametrize("path", ["/checkout/cart/delete/", "/wishlist/index/remove/"])
def test_the_storefronts_cart_and_wish_list_removals_are_undoable(
    shopping: Profile, path: str
) -> None:
    rule = irreversible_request(shopping, "POST", SHOP + path)
    assert rule is not None
    assert (rule.grade, bool(rule.undo)) == ("undoable", True)


@pytest.mark.parametrize(
    ("method", "path", "irreversible"),
    [
        ("POST", "/admin/catalog/product/save/id/1481/type/simple/store/0/set/4/back/edit", True),
        ("POST", "/admin/customer/index/save/", True),
        ("POST", "/admin/sales/order_invoice/save/order_id/299/", True),
        ("POST", "/admin/admin/order_shipment/save/order_id/299/", True),
        ("POST", "/admin/sales/order_creditmemo/save/order_id/299/", True),
        ("POST", "/admin/sales/order/cancel/order_id/299/", True),
        ("POST", "/admin/sales/order/hold/order_id/299/", True),
        ("POST", "/admin/sales/order/addComment/order_id/299/", True),
        ("POST", "/admin/sales/order/massCancel/", True),
        ("POST", "/admin/catalog/product/massDelete/", True),
        ("POST", "/admin/review/product/delete/id/352/", True),
        ("POST", "/admin/customer/index/inlineEdit/", True),
        ("POST", "/admin/cms/page/save/", True),
        ("POST", "/admin/admin/system_config/save/section/general/", True),
        ("POST", "/admin/mui/bookmark/save/", False),
        ("POST", "/admin/mui/index/render/", False),
        ("POST", "/admin/catalog/product/validate/id/1481/", False),
        ("POST", "/admin/sales/order_create/loadBlock/block/items/", False),
        ("POST", "/admin/admin/dashboard/ajaxBlock/", False),
    ],
)
def test_admin_requests(
    shopping_admin: Profile, method: str, path: str, irreversible: bool
) -> None:
    assert _irreversible_request(shopping_admin, method, ADMIN + path) is irreversible


def test_an_orders_page_at_a_grid_style_url_is_classified_by_its_content(
    shopping_admin: Profile,
) -> None:
    """The URL says orders grid, the page is one order: URL and page rules must agree, and
    where they do not, the page wins (the order's own page, with its evidence)."""
    _, order = ADMIN_PAGES["order_view"]
    for path in ("/admin/sales/order/", "/admin/sales/order/index/order_id/299/"):
        result = Classifier(shopping_admin).classify(_observe(order, ADMIN + path))
        assert (result.state, result.decided) == ("order_view", "page"), path
        assert result.confidence == "medium"
        assert "heading '#000000299'" in result.evidence
    # The grid itself, at its own URL, is still the grid, by its rules alone.
    _, grid = ADMIN_PAGES["orders_grid"]
    result = Classifier(shopping_admin).classify(_observe(grid, ADMIN + "/admin/sales/order/"))
    assert (result.state, result.decided, result.confidence) == ("orders_grid", "rules", "high")
