-- The demo shop's whole state. Money is in integer cents; dates are ISO 8601 text.
-- Ids follow Magento where tasks refer to them (customer 27, address 26, order 148...).

CREATE TABLE category (
    id INTEGER PRIMARY KEY,
    parent_id INTEGER REFERENCES category(id),
    name TEXT NOT NULL,
    url_key TEXT NOT NULL,
    url_path TEXT NOT NULL UNIQUE,       -- "electronics/headphones"
    position INTEGER NOT NULL,
    description TEXT NOT NULL
);

CREATE TABLE attribute (                 -- configurable attributes: 93 color, 144 size
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL
);

CREATE TABLE attribute_option (
    id INTEGER PRIMARY KEY,
    attribute_id INTEGER NOT NULL REFERENCES attribute(id),
    label TEXT NOT NULL,
    position INTEGER NOT NULL
);

CREATE TABLE product (
    id INTEGER PRIMARY KEY,
    sku TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    url_key TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES category(id),
    position INTEGER NOT NULL,
    price INTEGER NOT NULL,
    special_price INTEGER,
    qty INTEGER NOT NULL,
    brand TEXT NOT NULL,
    color TEXT,                          -- the colour of a simple product, for filtering
    short_description TEXT NOT NULL,
    description TEXT NOT NULL,
    featured INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);
CREATE INDEX product_category ON product(category_id);

CREATE TABLE product_attribute (         -- the "More Information" table, in display order
    product_id INTEGER NOT NULL REFERENCES product(id),
    position INTEGER NOT NULL,
    label TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE product_option (            -- options a configurable product must be given
    product_id INTEGER NOT NULL REFERENCES product(id),
    attribute_id INTEGER NOT NULL REFERENCES attribute(id),
    option_id INTEGER NOT NULL REFERENCES attribute_option(id),
    PRIMARY KEY (product_id, attribute_id, option_id)
);

CREATE TABLE customer (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    default_billing INTEGER,
    default_shipping INTEGER,
    created_at TEXT NOT NULL
);

CREATE TABLE region (
    id INTEGER PRIMARY KEY,
    country_id TEXT NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL
);

CREATE TABLE address (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer(id),
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    company TEXT NOT NULL DEFAULT '',
    street1 TEXT NOT NULL,
    street2 TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL,
    region_id INTEGER REFERENCES region(id),
    region TEXT NOT NULL,
    postcode TEXT NOT NULL,
    country_id TEXT NOT NULL,
    telephone TEXT NOT NULL
);

CREATE TABLE review (
    id INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES product(id),
    customer_id INTEGER REFERENCES customer(id),
    nickname TEXT NOT NULL,
    title TEXT NOT NULL,
    detail TEXT NOT NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    status TEXT NOT NULL CHECK (status IN ('approved', 'pending')),
    created_at TEXT NOT NULL
);
CREATE INDEX review_product ON review(product_id);

CREATE TABLE sales_order (
    id INTEGER PRIMARY KEY,              -- the increment id is this number, zero-padded
    customer_id INTEGER NOT NULL REFERENCES customer(id),
    status TEXT NOT NULL,                -- pending | processing | complete | canceled | closed
    created_at TEXT NOT NULL,
    total_qty INTEGER NOT NULL,
    subtotal INTEGER NOT NULL,
    shipping_amount INTEGER NOT NULL,
    grand_total INTEGER NOT NULL,
    shipping_method TEXT NOT NULL,       -- flatrate_flatrate, tablerate_bestway, ...
    shipping_description TEXT NOT NULL,  -- "Flat Rate - Fixed"
    payment_method TEXT NOT NULL,        -- checkmo | cashondelivery
    payment_title TEXT NOT NULL
);
CREATE INDEX sales_order_customer ON sales_order(customer_id, created_at);

CREATE TABLE order_address (
    order_id INTEGER NOT NULL REFERENCES sales_order(id),
    kind TEXT NOT NULL CHECK (kind IN ('shipping', 'billing')),
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    company TEXT NOT NULL,
    street1 TEXT NOT NULL,
    street2 TEXT NOT NULL,
    city TEXT NOT NULL,
    region TEXT NOT NULL,
    postcode TEXT NOT NULL,
    country_id TEXT NOT NULL,
    telephone TEXT NOT NULL,
    PRIMARY KEY (order_id, kind)
);

CREATE TABLE order_item (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES sales_order(id),
    product_id INTEGER NOT NULL REFERENCES product(id),
    name TEXT NOT NULL,
    sku TEXT NOT NULL,
    options TEXT NOT NULL,               -- JSON: [[attribute_id, option_id], ...]
    price INTEGER NOT NULL,
    qty INTEGER NOT NULL,
    row_total INTEGER NOT NULL
);
CREATE INDEX order_item_order ON order_item(order_id);

CREATE TABLE wishlist_item (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer(id),
    product_id INTEGER NOT NULL REFERENCES product(id),
    added_at TEXT NOT NULL,
    UNIQUE (customer_id, product_id)
);

CREATE TABLE newsletter_subscriber (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    customer_id INTEGER REFERENCES customer(id),
    subscribed INTEGER NOT NULL,
    changed_at TEXT NOT NULL
);

CREATE TABLE contact_message (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    telephone TEXT NOT NULL,
    comment TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE session (                   -- the PHPSESSID cookie names a row here
    id TEXT PRIMARY KEY,
    customer_id INTEGER REFERENCES customer(id),
    form_key TEXT NOT NULL,
    data TEXT NOT NULL,                  -- JSON: messages, checkout choices, last order
    updated_at TEXT NOT NULL
);

CREATE TABLE cart (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER REFERENCES customer(id),
    session_id TEXT,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX cart_customer ON cart(customer_id) WHERE customer_id IS NOT NULL;
CREATE UNIQUE INDEX cart_session ON cart(session_id) WHERE session_id IS NOT NULL;

CREATE TABLE cart_item (
    id INTEGER PRIMARY KEY,
    cart_id INTEGER NOT NULL REFERENCES cart(id),
    product_id INTEGER NOT NULL REFERENCES product(id),
    options TEXT NOT NULL,               -- JSON: [[attribute_id, option_id], ...], sorted
    qty INTEGER NOT NULL
);
CREATE INDEX cart_item_cart ON cart_item(cart_id);
