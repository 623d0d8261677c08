-- The "Wonderland Shop" database of sites/real/holdout2 (SQLite), loaded by ./setup.
PRAGMA foreign_keys = ON;

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  description TEXT
);

CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  city TEXT,
  joined DATE NOT NULL
);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  category_id INTEGER NOT NULL REFERENCES categories(id),
  price NUMERIC(8,2) NOT NULL,
  stock INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  quantity INTEGER NOT NULL DEFAULT 1,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'paid', 'shipped', 'cancelled')),
  ordered_at DATETIME NOT NULL
);
CREATE INDEX orders_customer ON orders(customer_id);

CREATE VIEW order_totals AS
  SELECT o.id AS order_id, c.name AS customer, p.name AS product, o.quantity,
         o.quantity * p.price AS total, o.status
  FROM orders o JOIN customers c ON c.id = o.customer_id JOIN products p ON p.id = o.product_id;

INSERT INTO categories (id, name, description) VALUES
 (1, 'Tea', 'Loose-leaf teas'),
 (2, 'Teaware', 'Pots, cups and strainers'),
 (3, 'Biscuits', 'Baked goods to go with tea'),
 (4, 'Books', 'Books about tea and Wonderland'),
 (5, 'Gifts', 'Gift sets and hampers');

INSERT INTO customers (id, name, email, city, joined) VALUES
 (1, 'Mad Hatter', 'hatter@wonderland.test', 'Tea Party Lane', '2024-01-05'),
 (2, 'March Hare', 'hare@wonderland.test', 'Tea Party Lane', '2024-01-06'),
 (3, 'Dormouse', 'dormouse@wonderland.test', 'Teapot Hollow', '2024-01-09'),
 (4, 'White Rabbit', 'rabbit@wonderland.test', 'Rabbit Hole', '2024-02-01'),
 (5, 'Cheshire Cat', 'cat@wonderland.test', 'Cheshire', '2024-02-14'),
 (6, 'Queen of Hearts', 'queen@wonderland.test', 'Heart Castle', '2024-02-20'),
 (7, 'King of Hearts', 'king@wonderland.test', 'Heart Castle', '2024-02-20'),
 (8, 'Knave of Hearts', 'knave@wonderland.test', 'Heart Castle', '2024-03-02'),
 (9, 'Caterpillar', 'caterpillar@wonderland.test', 'Mushroom Wood', '2024-03-11'),
 (10, 'Duchess', 'duchess@wonderland.test', 'Duchess Manor', '2024-03-18'),
 (11, 'Cook', 'cook@wonderland.test', 'Duchess Manor', '2024-03-18'),
 (12, 'Mock Turtle', 'turtle@wonderland.test', 'Seaside', '2024-04-01'),
 (13, 'Gryphon', 'gryphon@wonderland.test', 'Seaside', '2024-04-02'),
 (14, 'Bill the Lizard', 'bill@wonderland.test', 'Rabbit Hole', '2024-04-15'),
 (15, 'Dodo', 'dodo@wonderland.test', 'Pool of Tears', '2024-05-03'),
 (16, 'Lory', 'lory@wonderland.test', 'Pool of Tears', '2024-05-03'),
 (17, 'Eaglet', 'eaglet@wonderland.test', 'Pool of Tears', '2024-05-04'),
 (18, 'Pat', 'pat@wonderland.test', 'Rabbit Hole', '2024-06-10'),
 (19, 'Tweedledum', 'dum@wonderland.test', 'Looking-Glass House', '2024-07-01'),
 (20, 'Tweedledee', 'dee@wonderland.test', 'Looking-Glass House', '2024-07-01');

INSERT INTO products (id, name, category_id, price, stock) VALUES
 (1, 'Darjeeling First Flush 100g', 1, 12.50, 40),
 (2, 'Assam Breakfast 250g', 1, 9.80, 65),
 (3, 'Ceremonial Matcha 30g', 1, 24.00, 18),
 (4, 'Oolong Milk 100g', 1, 14.20, 22),
 (5, 'Earl Grey 250g', 1, 8.90, 80),
 (6, 'Rooibos Vanilla 100g', 1, 7.40, 35),
 (7, 'Jasmine Pearls 50g', 1, 16.00, 12),
 (8, 'Porcelain Teapot 1l', 2, 39.00, 9),
 (9, 'Cast Iron Kettle', 2, 59.00, 4),
 (10, 'Bone China Cup and Saucer', 2, 18.50, 30),
 (11, 'Bamboo Tea Strainer', 2, 4.20, 120),
 (12, 'Glass Infuser Mug', 2, 15.90, 25),
 (13, 'Shortbread Fingers', 3, 5.60, 50),
 (14, 'Treacle Tarts (4)', 3, 7.20, 16),
 (15, 'Eat Me Cakes (6)', 3, 6.40, 0),
 (16, 'Ginger Snaps', 3, 4.10, 44),
 (17, 'The Tea Companion', 4, 21.00, 7),
 (18, 'A History of Tea Parties', 4, 17.50, 5),
 (19, 'Mad Hatter Gift Set', 5, 45.00, 8),
 (20, 'Unbirthday Hamper', 5, 79.00, 3);

INSERT INTO orders (id, customer_id, product_id, quantity, status, ordered_at) VALUES
 (1, 1, 1, 2, 'shipped', '2024-08-01 10:15:00'),
 (2, 2, 13, 3, 'shipped', '2024-08-02 16:40:00'),
 (3, 3, 6, 1, 'shipped', '2024-08-03 09:05:00'),
 (4, 4, 10, 2, 'paid', '2024-08-05 11:30:00'),
 (5, 5, 3, 1, 'paid', '2024-08-06 14:00:00'),
 (6, 6, 20, 1, 'shipped', '2024-08-07 08:20:00'),
 (7, 1, 8, 1, 'paid', '2024-08-09 17:45:00'),
 (8, 9, 4, 2, 'new', '2024-08-10 12:10:00'),
 (9, 10, 5, 4, 'cancelled', '2024-08-11 13:25:00'),
 (10, 12, 14, 2, 'shipped', '2024-08-12 15:55:00'),
 (11, 13, 14, 1, 'shipped', '2024-08-12 16:05:00'),
 (12, 15, 11, 5, 'paid', '2024-08-14 10:00:00'),
 (13, 19, 19, 1, 'new', '2024-08-15 18:30:00'),
 (14, 20, 19, 1, 'new', '2024-08-15 18:31:00'),
 (15, 2, 2, 2, 'paid', '2024-08-16 09:45:00'),
 (16, 7, 17, 1, 'shipped', '2024-08-18 11:11:00'),
 (17, 8, 14, 6, 'cancelled', '2024-08-19 23:59:00'),
 (18, 3, 7, 1, 'new', '2024-08-20 07:30:00'),
 (19, 11, 9, 1, 'paid', '2024-08-21 14:20:00'),
 (20, 4, 12, 1, 'new', '2024-08-22 10:05:00');
