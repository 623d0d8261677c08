/* One Stop Market: the page behaviour Magento's Luma theme has, without a framework.
   Mini-cart loaded after the page, Add to Cart by fetch, product tabs, reviews fetched
   after load, the cookie notice, the newsletter pop-up, toolbar selects, checkout steps
   and Place Order. Every form still works without this script. */
"use strict";
(() => {
  const $ = (selector, root = document) => root.querySelector(selector);
  const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
  const AJAX = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };
  const money = (value) =>
    "$" + Number(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  function showMessage(kind, text) {
    const box = $("#messages");
    if (!box || !text) return;
    const message = document.createElement("div");
    message.className = `message message-${kind}`;
    message.setAttribute("role", kind === "error" ? "alert" : "status");
    message.textContent = text;
    box.replaceChildren(message);
  }

  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    node.append(...children);
    return node;
  }

  /* --- cookie notice and newsletter pop-up ------------------------------------------- */
  function cookieNotice() {
    const block = $("#notice-cookie-block");
    if (!block) return;
    $("form", block).addEventListener("submit", (event) => {
      event.preventDefault();
      document.cookie = `user_allowed_save_cookie=${encodeURIComponent('{"1":1}')}; path=/; max-age=31536000; samesite=lax`;
      block.remove();
    });
  }

  function newsletterPopup() {
    const dialog = $("#newsletter-popup");
    const overlay = $("#newsletter-overlay");
    if (!dialog || document.cookie.includes("newsletter_popup_shown=1")) return;
    document.cookie = "newsletter_popup_shown=1; path=/; samesite=lax"; // once per browser session
    const close = () => {
      dialog.hidden = true;
      overlay.hidden = true;
    };
    $("[data-close-dialog]", dialog).addEventListener("click", close);
    overlay.addEventListener("click", close);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") close();
    });
    dialog.hidden = false;
    overlay.hidden = false;
  }

  /* --- mini-cart --------------------------------------------------------------------- */
  const minicart = {
    toggle: null,
    panel: null,
    init() {
      this.toggle = $("#minicart-toggle");
      this.panel = $("#minicart-content");
      if (!this.toggle || !this.panel) return;
      this.toggle.setAttribute("role", "button");
      this.toggle.setAttribute("aria-expanded", "false");
      this.toggle.addEventListener("click", (event) => {
        event.preventDefault();
        this.show(this.panel.hidden);
      });
      document.addEventListener("keydown", (event) => {
        if (event.key === "Escape") this.show(false);
      });
      document.addEventListener("click", (event) => {
        if (!this.panel.hidden && !$("#minicart").contains(event.target)) this.show(false);
      });
      this.load();
    },
    show(open) {
      this.panel.hidden = !open;
      this.toggle.setAttribute("aria-expanded", String(open));
    },
    async load() {
      try {
        const url = `/customer/section/load/?sections=cart&force_new_section_timestamp=true&_=${Date.now()}`;
        const response = await fetch(url, { headers: AJAX, credentials: "same-origin" });
        if (response.ok) this.update((await response.json()).cart);
      } catch (error) {
        /* the header keeps "My Cart" without a count */
      }
    },
    update(cart) {
      if (!cart || !this.panel) return;
      const counter = $("#minicart-counter");
      counter.replaceChildren();
      if (cart.summary_count > 0) {
        counter.append(
          element("span", { class: "counter-number", text: String(cart.summary_count) }),
          element("span", { class: "counter-label", text: cart.summary_count === 1 ? " item" : " items" }),
        );
      }
      const close = element("button", { type: "button", class: "action close", text: "Close" });
      close.addEventListener("click", () => this.show(false));
      const content = [element("h2", { class: "block-title", text: "My Cart" }), close];
      if (!cart.items.length) {
        content.push(element("p", { class: "subtitle empty", text: "You have no items in your shopping cart." }));
      } else {
        const count = cart.summary_count;
        content.push(
          element("p", { class: "items-total", text: `${count} ${count === 1 ? "Item" : "Items"} in Cart` }),
          element("p", { class: "subtotal", text: `Cart Subtotal: ${cart.subtotal}` }),
          element("a", { class: "action primary checkout", href: "/checkout/", text: "Proceed to Checkout" }),
        );
        const list = element("ol", { class: "minicart-items" });
        for (const item of cart.items) {
          const options = item.options.map((o) => `${o.label}: ${o.value}`).join(", ");
          list.append(
            element(
              "li",
              { class: "product-item" },
              element("a", { href: item.product_url, text: item.product_name }),
              options ? element("span", { class: "item-options", text: ` (${options})` }) : "",
              element("span", { class: "price", text: ` ${item.product_price}` }),
              element("span", { class: "qty", text: ` Qty: ${item.qty}` }),
            ),
          );
        }
        content.push(list, element("a", { class: "action viewcart", href: "/checkout/cart/", text: "View and Edit Cart" }));
      }
      this.panel.replaceChildren(...content);
    },
  };

  /* --- Add to Cart ------------------------------------------------------------------- */
  async function addToCart(form) {
    const button = $("button[type=submit]", form);
    for (const slot of $$("[data-error-for]", form)) slot.textContent = "";
    for (const field of $$("[aria-invalid]", form)) field.removeAttribute("aria-invalid");
    if (button) button.disabled = true;
    form.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: new URLSearchParams(new FormData(form)),
        headers: AJAX,
        credentials: "same-origin",
      });
      const data = await response.json().catch(() => ({}));
      if (response.ok && data.backUrl) {
        window.location.assign(data.backUrl);
        return;
      }
      if (response.ok) {
        showMessage("success", data.message);
        minicart.update(data.cart);
        return;
      }
      const text = data.message || "We can't add this item to your shopping cart right now.";
      showMessage("error", text);
      const slot = data.field && $(`[data-error-for="${CSS.escape(data.field)}"]`, form);
      if (slot) {
        slot.textContent = text;
        form.elements.namedItem(data.field)?.setAttribute("aria-invalid", "true");
      }
    } catch (error) {
      showMessage("error", "We can't add this item to your shopping cart right now.");
    } finally {
      if (button) button.disabled = false;
      form.removeAttribute("aria-busy");
    }
  }

  /* --- product page: tabs and reviews ------------------------------------------------ */
  async function loadReviews() {
    const box = $("#product-review-container");
    if (!box || box.dataset.loaded) return;
    box.dataset.loaded = "1";
    try {
      const response = await fetch(box.dataset.url, { headers: { "X-Requested-With": "XMLHttpRequest" } });
      if (!response.ok) throw new Error(String(response.status));
      box.innerHTML = await response.text();
    } catch (error) {
      box.replaceChildren(element("p", { text: "We can't load the reviews right now." }));
    } finally {
      box.removeAttribute("aria-busy");
    }
  }

  function productTabs() {
    const tabs = $$("[role=tablist] [role=tab]");
    if (!tabs.length) return;
    const select = (tab, focus = false) => {
      for (const other of tabs) {
        const selected = other === tab;
        other.setAttribute("aria-selected", String(selected));
        other.tabIndex = selected ? 0 : -1;
        document.getElementById(other.getAttribute("aria-controls")).hidden = !selected;
      }
      if (focus) tab.focus();
    };
    tabs.forEach((tab, index) => {
      tab.addEventListener("click", () => select(tab));
      tab.addEventListener("keydown", (event) => {
        const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
        if (step) select(tabs[(index + step + tabs.length) % tabs.length], true);
      });
    });
    for (const link of $$("[data-open-tab]")) {
      link.addEventListener("click", () => select($(`#tab-label-${link.dataset.openTab}`)));
    }
    if (["#reviews", "#review-form"].includes(window.location.hash)) select($("#tab-label-reviews"));
  }

  /* --- forms: toolbar selects, show/hide, regions, Place Order ----------------------- */
  function forms() {
    for (const select of $$("select[data-autosubmit]")) {
      select.addEventListener("change", () => select.form.submit());
    }
    for (const block of $$("[data-hidden-unless]")) {
      const radio = document.getElementById(block.dataset.hiddenUnless);
      const update = () => (block.hidden = !radio.checked);
      for (const other of $$(`input[name="${radio.name}"]`)) other.addEventListener("change", update);
      update();
    }
    for (const block of $$("[data-hidden-when]")) {
      const box = document.getElementById(block.dataset.hiddenWhen);
      const update = () => (block.hidden = box.checked);
      box.addEventListener("change", update);
      update();
    }
    const region = $("#region_id");
    const regionText = $("#region");
    if (region && regionText) {
      const sync = () => (regionText.value = region.value ? region.selectedOptions[0].textContent.trim() : "");
      region.addEventListener("change", sync);
      sync();
    }
  }

  function placeOrder() {
    const form = $("form[data-place-order]");
    if (!form) return;
    const errorBox = $("#place-order-error");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = $("#place-order");
      button.disabled = true;
      errorBox.textContent = "";
      try {
        const response = await fetch("/rest/default/V1/carts/mine/payment-information", {
          method: "POST",
          headers: { ...AJAX, "Content-Type": "application/json" },
          body: $("#place-order-request").textContent,
          credentials: "same-origin",
        });
        const data = await response.json().catch(() => null);
        if (response.ok) {
          window.location.assign("/checkout/onepage/success/");
          return;
        }
        errorBox.textContent = (data && data.message) || "We can't place the order right now.";
      } catch (error) {
        errorBox.textContent = "We can't place the order right now.";
      }
      button.disabled = false;
    });
    fetch(`/rest/default/V1/carts/mine/totals?_=${Date.now()}`, { headers: AJAX, credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : null))
      .then((totals) => {
        if (!totals) return;
        for (const key of ["subtotal", "shipping_amount", "grand_total"]) {
          const cell = $(`[data-total="${key === "shipping_amount" ? "shipping" : key}"]`);
          if (cell) cell.textContent = money(totals[key]);
        }
      })
      .catch(() => {});
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.hasAttribute("data-ajax-cart")) {
      event.preventDefault();
      addToCart(form);
    }
  });

  document.addEventListener("DOMContentLoaded", () => {
    cookieNotice();
    minicart.init();
    productTabs();
    forms();
    placeOrder();
    newsletterPopup();
  });
  window.addEventListener("load", loadReviews);
})();
