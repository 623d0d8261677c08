-- Wonderland Lending Library: the seed of sites/real/holdout5 (sqlite-web).
-- Generated once; edit by hand if needed. Loaded by sites/real/holdout5/setup into a fresh library.db.
PRAGMA foreign_keys = ON;
BEGIN;

CREATE TABLE authors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  born INTEGER,
  country TEXT
);

CREATE TABLE books (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  author_id INTEGER NOT NULL REFERENCES authors (id),
  published INTEGER,
  genre TEXT,
  isbn VARCHAR(17) UNIQUE,
  copies INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX books_author_id ON books (author_id);

CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email VARCHAR(80) NOT NULL UNIQUE,
  joined DATE NOT NULL
);

CREATE TABLE loans (
  id INTEGER PRIMARY KEY,
  book_id INTEGER NOT NULL REFERENCES books (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  loaned_on DATE NOT NULL,
  due_on DATE,
  returned_on DATE
);
CREATE INDEX loans_member_id ON loans (member_id);
CREATE INDEX loans_book_id_loaned_on ON loans (book_id, loaned_on);

CREATE TRIGGER loans_default_due AFTER INSERT ON loans WHEN NEW.due_on IS NULL
BEGIN
  UPDATE loans SET due_on = date(NEW.loaned_on, '+21 days') WHERE id = NEW.id;
END;

CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  book_id INTEGER NOT NULL REFERENCES books (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  body TEXT
);

CREATE VIEW open_loans AS
  SELECT loans.id AS loan_id, books.title, members.name AS member, loans.loaned_on, loans.due_on
  FROM loans JOIN books ON books.id = loans.book_id JOIN members ON members.id = loans.member_id
  WHERE loans.returned_on IS NULL;

INSERT INTO authors VALUES (1, 'Lewis Carroll', 1832, 'England');
INSERT INTO authors VALUES (2, 'Jane Austen', 1775, 'England');
INSERT INTO authors VALUES (3, 'Mary Shelley', 1797, 'England');
INSERT INTO authors VALUES (4, 'Jules Verne', 1828, 'France');
INSERT INTO authors VALUES (5, 'Charles Dickens', 1812, 'England');
INSERT INTO authors VALUES (6, 'Louisa May Alcott', 1832, 'United States');
INSERT INTO authors VALUES (7, 'L. Frank Baum', 1856, 'United States');
INSERT INTO authors VALUES (8, 'Kenneth Grahame', 1859, 'Scotland');
INSERT INTO authors VALUES (9, 'Edith Nesbit', 1858, 'England');
INSERT INTO authors VALUES (10, 'Beatrix Potter', 1866, 'England');
INSERT INTO authors VALUES (11, 'Robert Louis Stevenson', 1850, 'Scotland');
INSERT INTO authors VALUES (12, 'Arthur Conan Doyle', 1859, 'Scotland');
INSERT INTO books VALUES (1, 'Alice''s Adventures in Wonderland', 1, 1865, 'Fantasy', '978-0-737-43481-5', 3);
INSERT INTO books VALUES (2, 'Through the Looking-Glass', 1, 1871, 'Fantasy', '978-0-129-71030-3', 1);
INSERT INTO books VALUES (3, 'The Hunting of the Snark', 1, 1876, 'Poetry', '978-0-260-24838-5', 2);
INSERT INTO books VALUES (4, 'Sylvie and Bruno', 1, 1889, 'Fantasy', '978-0-989-42318-6', 3);
INSERT INTO books VALUES (5, 'Pride and Prejudice', 2, 1813, 'Novel', '978-0-204-85227-3', 1);
INSERT INTO books VALUES (6, 'Emma', 2, 1815, 'Novel', '978-0-848-38407-6', 2);
INSERT INTO books VALUES (7, 'Persuasion', 2, 1817, 'Novel', '978-0-286-61044-2', 1);
INSERT INTO books VALUES (8, 'Frankenstein', 3, 1818, 'Gothic', '978-0-242-90992-9', 2);
INSERT INTO books VALUES (9, 'The Last Man', 3, 1826, 'Science fiction', '978-0-229-27333-0', 1);
INSERT INTO books VALUES (10, 'Journey to the Centre of the Earth', 4, 1864, 'Adventure', '978-0-314-38243-2', 1);
INSERT INTO books VALUES (11, 'Twenty Thousand Leagues Under the Seas', 4, 1870, 'Adventure', '978-0-396-51110-3', 3);
INSERT INTO books VALUES (12, 'Around the World in Eighty Days', 4, 1872, 'Adventure', '978-0-997-98844-3', 1);
INSERT INTO books VALUES (13, 'Great Expectations', 5, 1861, 'Novel', '978-0-807-35805-6', 2);
INSERT INTO books VALUES (14, 'A Christmas Carol', 5, 1843, 'Novella', '978-0-122-57341-6', 1);
INSERT INTO books VALUES (15, 'Oliver Twist', 5, 1838, 'Novel', '978-0-249-44578-1', 2);
INSERT INTO books VALUES (16, 'Little Women', 6, 1868, 'Novel', '978-0-408-89050-9', 1);
INSERT INTO books VALUES (17, 'Little Men', 6, 1871, 'Novel', '978-0-710-98858-5', 1);
INSERT INTO books VALUES (18, 'The Wonderful Wizard of Oz', 7, 1900, 'Fantasy', '978-0-417-56576-4', 2);
INSERT INTO books VALUES (19, 'Ozma of Oz', 7, 1907, 'Fantasy', '978-0-813-51391-2', 2);
INSERT INTO books VALUES (20, 'The Wind in the Willows', 8, 1908, 'Children''s', '978-0-583-33084-0', 2);
INSERT INTO books VALUES (21, 'The Reluctant Dragon', 8, 1898, 'Children''s', '978-0-123-56877-6', 1);
INSERT INTO books VALUES (22, 'The Railway Children', 9, 1906, 'Children''s', '978-0-662-64896-5', 2);
INSERT INTO books VALUES (23, 'Five Children and It', 9, 1902, 'Fantasy', '978-0-692-11189-7', 1);
INSERT INTO books VALUES (24, 'The Tale of Peter Rabbit', 10, 1902, 'Picture book', '978-0-824-33713-9', 1);
INSERT INTO books VALUES (25, 'The Tale of Squirrel Nutkin', 10, 1903, 'Picture book', '978-0-221-42255-7', 2);
INSERT INTO books VALUES (26, 'Treasure Island', 11, 1883, 'Adventure', '978-0-624-56503-8', 2);
INSERT INTO books VALUES (27, 'Kidnapped', 11, 1886, 'Adventure', '978-0-894-70666-1', 3);
INSERT INTO books VALUES (28, 'Strange Case of Dr Jekyll and Mr Hyde', 11, 1886, 'Gothic', '978-0-866-58142-4', 1);
INSERT INTO books VALUES (29, 'A Study in Scarlet', 12, 1887, 'Mystery', '978-0-543-21951-3', 2);
INSERT INTO books VALUES (30, 'The Hound of the Baskervilles', 12, 1902, 'Mystery', '978-0-625-90062-5', 1);
INSERT INTO members VALUES (1, 'Alice Liddell', 'alice.liddell@wonderland.example', '2023-06-24');
INSERT INTO members VALUES (2, 'Hatter', 'hatter@wonderland.example', '2023-05-22');
INSERT INTO members VALUES (3, 'March Hare', 'march.hare@wonderland.example', '2024-04-18');
INSERT INTO members VALUES (4, 'Dormouse', 'dormouse@wonderland.example', '2023-12-26');
INSERT INTO members VALUES (5, 'Cheshire Cat', 'cheshire.cat@wonderland.example', '2023-10-07');
INSERT INTO members VALUES (6, 'White Rabbit', 'white.rabbit@wonderland.example', '2023-02-17');
INSERT INTO members VALUES (7, 'Queen of Hearts', 'queen.of.hearts@wonderland.example', '2023-06-09');
INSERT INTO members VALUES (8, 'King of Hearts', 'king.of.hearts@wonderland.example', '2023-12-18');
INSERT INTO members VALUES (9, 'Knave of Hearts', 'knave.of.hearts@wonderland.example', '2023-06-12');
INSERT INTO members VALUES (10, 'Caterpillar', 'caterpillar@wonderland.example', '2023-06-06');
INSERT INTO members VALUES (11, 'Duchess', 'duchess@wonderland.example', '2023-04-01');
INSERT INTO members VALUES (12, 'Mock Turtle', 'mock.turtle@wonderland.example', '2024-02-13');
INSERT INTO members VALUES (13, 'Gryphon', 'gryphon@wonderland.example', '2023-02-10');
INSERT INTO members VALUES (14, 'Bill the Lizard', 'bill.the.lizard@wonderland.example', '2023-11-17');
INSERT INTO members VALUES (15, 'Tweedledum', 'tweedledum@wonderland.example', '2023-03-18');
INSERT INTO members VALUES (16, 'Tweedledee', 'tweedledee@wonderland.example', '2024-01-05');
INSERT INTO members VALUES (17, 'Humpty Dumpty', 'humpty.dumpty@wonderland.example', '2023-12-19');
INSERT INTO members VALUES (18, 'White Queen', 'white.queen@wonderland.example', '2023-06-08');
INSERT INTO members VALUES (19, 'Red Queen', 'red.queen@wonderland.example', '2023-09-05');
INSERT INTO members VALUES (20, 'Dodo', 'dodo@wonderland.example', '2023-03-24');
INSERT INTO loans VALUES (1, 3, 20, '2024-09-06', '2024-09-27', '2024-09-10');
INSERT INTO loans VALUES (2, 2, 8, '2024-09-09', '2024-09-30', '2024-09-24');
INSERT INTO loans VALUES (3, 12, 9, '2024-09-12', '2024-10-03', '2024-10-04');
INSERT INTO loans VALUES (4, 14, 5, '2024-09-14', '2024-10-05', '2024-10-07');
INSERT INTO loans VALUES (5, 2, 16, '2024-09-16', '2024-10-07', '2024-10-09');
INSERT INTO loans VALUES (6, 7, 5, '2024-09-20', '2024-10-11', '2024-10-19');
INSERT INTO loans VALUES (7, 5, 14, '2024-09-24', '2024-10-15', '2024-10-15');
INSERT INTO loans VALUES (8, 14, 12, '2024-09-25', '2024-10-16', '2024-10-03');
INSERT INTO loans VALUES (9, 28, 14, '2024-09-28', '2024-10-19', '2024-10-02');
INSERT INTO loans VALUES (10, 15, 20, '2024-10-02', '2024-10-23', '2024-10-09');
INSERT INTO loans VALUES (11, 15, 16, '2024-10-04', '2024-10-25', '2024-10-23');
INSERT INTO loans VALUES (12, 11, 16, '2024-10-09', '2024-10-30', '2024-11-04');
INSERT INTO loans VALUES (13, 16, 13, '2024-10-11', '2024-11-01', '2024-10-23');
INSERT INTO loans VALUES (14, 13, 18, '2024-10-13', '2024-11-03', '2024-10-19');
INSERT INTO loans VALUES (15, 30, 16, '2024-10-16', '2024-11-06', '2024-11-08');
INSERT INTO loans VALUES (16, 3, 16, '2024-10-20', '2024-11-10', '2024-10-28');
INSERT INTO loans VALUES (17, 26, 18, '2024-10-23', '2024-11-13', '2024-11-11');
INSERT INTO loans VALUES (18, 3, 12, '2024-10-27', '2024-11-17', '2024-11-10');
INSERT INTO loans VALUES (19, 22, 2, '2024-10-30', '2024-11-20', '2024-11-20');
INSERT INTO loans VALUES (20, 18, 9, '2024-11-01', '2024-11-22', '2024-11-15');
INSERT INTO loans VALUES (21, 25, 10, '2024-11-04', '2024-11-25', '2024-11-15');
INSERT INTO loans VALUES (22, 6, 19, '2024-11-07', '2024-11-28', '2024-11-30');
INSERT INTO loans VALUES (23, 18, 9, '2024-11-09', '2024-11-30', '2024-11-27');
INSERT INTO loans VALUES (24, 9, 15, '2024-11-13', '2024-12-04', '2024-12-07');
INSERT INTO loans VALUES (25, 17, 12, '2024-11-16', '2024-12-07', '2024-12-15');
INSERT INTO loans VALUES (26, 21, 12, '2024-11-19', '2024-12-10', '2024-11-30');
INSERT INTO loans VALUES (27, 14, 12, '2024-11-23', '2024-12-14', '2024-12-22');
INSERT INTO loans VALUES (28, 28, 15, '2024-11-24', '2024-12-15', '2024-12-24');
INSERT INTO loans VALUES (29, 17, 5, '2024-11-28', '2024-12-19', '2024-12-11');
INSERT INTO loans VALUES (30, 7, 12, '2024-12-02', '2024-12-23', '2024-12-10');
INSERT INTO loans VALUES (31, 23, 3, '2024-12-04', '2024-12-25', '2024-12-16');
INSERT INTO loans VALUES (32, 24, 14, '2024-12-08', '2024-12-29', '2025-01-01');
INSERT INTO loans VALUES (33, 25, 19, '2024-12-09', '2024-12-30', '2024-12-31');
INSERT INTO loans VALUES (34, 30, 14, '2024-12-14', '2025-01-04', '2025-01-07');
INSERT INTO loans VALUES (35, 18, 9, '2024-12-16', '2025-01-06', '2025-01-07');
INSERT INTO loans VALUES (36, 7, 6, '2024-12-20', '2025-01-10', '2024-12-23');
INSERT INTO loans VALUES (37, 20, 6, '2024-12-23', '2025-01-13', '2025-01-09');
INSERT INTO loans VALUES (38, 22, 6, '2024-12-24', '2025-01-14', '2025-01-20');
INSERT INTO loans VALUES (39, 2, 16, '2024-12-29', '2025-01-19', '2025-01-23');
INSERT INTO loans VALUES (40, 2, 5, '2024-12-30', '2025-01-20', '2025-01-07');
INSERT INTO loans VALUES (41, 6, 16, '2025-01-02', '2025-01-23', '2025-01-15');
INSERT INTO loans VALUES (42, 2, 14, '2025-01-05', '2025-01-26', '2025-01-25');
INSERT INTO loans VALUES (43, 13, 20, '2025-01-09', '2025-01-30', '2025-01-23');
INSERT INTO loans VALUES (44, 7, 8, '2025-01-11', '2025-02-01', '2025-02-01');
INSERT INTO loans VALUES (45, 1, 12, '2025-01-16', '2025-02-06', '2025-01-30');
INSERT INTO loans VALUES (46, 28, 14, '2025-01-18', '2025-02-08', '2025-01-29');
INSERT INTO loans VALUES (47, 27, 18, '2025-01-20', '2025-02-10', '2025-02-14');
INSERT INTO loans VALUES (48, 18, 20, '2025-01-24', '2025-02-14', '2025-01-28');
INSERT INTO loans VALUES (49, 17, 11, '2025-01-27', '2025-02-17', NULL);
INSERT INTO loans VALUES (50, 27, 5, '2025-01-31', '2025-02-21', '2025-02-12');
INSERT INTO loans VALUES (51, 21, 18, '2025-02-02', '2025-02-23', '2025-02-18');
INSERT INTO loans VALUES (52, 20, 13, '2025-02-05', '2025-02-26', NULL);
INSERT INTO loans VALUES (53, 5, 20, '2025-02-09', '2025-03-02', '2025-02-27');
INSERT INTO loans VALUES (54, 22, 1, '2025-02-10', '2025-03-03', '2025-02-24');
INSERT INTO loans VALUES (55, 30, 20, '2025-02-14', '2025-03-07', NULL);
INSERT INTO loans VALUES (56, 29, 19, '2025-02-18', '2025-03-11', NULL);
INSERT INTO loans VALUES (57, 8, 16, '2025-02-20', '2025-03-13', NULL);
INSERT INTO loans VALUES (58, 13, 13, '2025-02-23', '2025-03-16', '2025-03-13');
INSERT INTO loans VALUES (59, 24, 10, '2025-02-25', '2025-03-18', NULL);
INSERT INTO loans VALUES (60, 11, 10, '2025-03-01', '2025-03-22', NULL);
INSERT INTO reviews VALUES (1, 16, 10, 2, 'Rather long. I would have preferred it shorter, or at least with more pictures and conversations.');
INSERT INTO reviews VALUES (2, 1, 4, 5, 'Rather long. I would have preferred it shorter, or at least with more pictures and conversations.');
INSERT INTO reviews VALUES (3, 8, 10, 1, 'A splendid book. The Dormouse slept through the middle chapters, which is the highest praise he gives.');
INSERT INTO reviews VALUES (4, 27, 13, 1, 'Rather long. I would have preferred it shorter, or at least with more pictures and conversations.');
INSERT INTO reviews VALUES (5, 18, 18, 3, 'Off with its head! The ending made no sense whatsoever.');
INSERT INTO reviews VALUES (6, 30, 16, 1, 'Off with its head! The ending made no sense whatsoever.');
INSERT INTO reviews VALUES (7, 16, 9, 2, 'Much better than the last one I borrowed; the maps alone are worth it.');
INSERT INTO reviews VALUES (8, 10, 16, 5, 'Rather long. I would have preferred it shorter, or at least with more pictures and conversations.');
INSERT INTO reviews VALUES (9, 17, 20, 1, 'Curiouser and curiouser! I read it twice in one afternoon and it grew larger each time.');
INSERT INTO reviews VALUES (10, 25, 5, 3, 'Much better than the last one I borrowed; the maps alone are worth it.');
INSERT INTO reviews VALUES (11, 18, 11, 5, 'Much better than the last one I borrowed; the maps alone are worth it.');
INSERT INTO reviews VALUES (12, 24, 17, 1, 'Rather long. I would have preferred it shorter, or at least with more pictures and conversations.');
INSERT INTO reviews VALUES (13, 12, 12, 5, 'A splendid book. The Dormouse slept through the middle chapters, which is the highest praise he gives.');
INSERT INTO reviews VALUES (14, 2, 1, 3, 'Rather long. I would have preferred it shorter, or at least with more pictures and conversations.');
INSERT INTO reviews VALUES (15, 22, 4, 5, 'Off with its head! The ending made no sense whatsoever.');
INSERT INTO reviews VALUES (16, 1, 14, 4, 'Rather long. I would have preferred it shorter, or at least with more pictures and conversations.');
INSERT INTO reviews VALUES (17, 28, 13, 4, 'Wonderful for reading aloud at the Caucus-race. Everybody has won and all must have prizes.');
INSERT INTO reviews VALUES (18, 22, 7, 3, 'Rather long. I would have preferred it shorter, or at least with more pictures and conversations.');
INSERT INTO reviews VALUES (19, 27, 3, 3, 'Curiouser and curiouser! I read it twice in one afternoon and it grew larger each time.');
INSERT INTO reviews VALUES (20, 23, 14, 5, 'Much better than the last one I borrowed; the maps alone are worth it.');
INSERT INTO reviews VALUES (21, 21, 16, 3, 'A splendid book. The Dormouse slept through the middle chapters, which is the highest praise he gives.');
INSERT INTO reviews VALUES (22, 6, 16, 5, 'Rather long. I would have preferred it shorter, or at least with more pictures and conversations.');
INSERT INTO reviews VALUES (23, 11, 18, 2, 'Wonderful for reading aloud at the Caucus-race. Everybody has won and all must have prizes.');
INSERT INTO reviews VALUES (24, 19, 18, 1, 'Far too many mad tea parties for my taste, but the riddles kept me up all night.');
COMMIT;
