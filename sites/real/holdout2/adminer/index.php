<?php
/* The Adminer of sites/real/holdout2: Debian's compiled adminer.php (next to this file in the
 * serving dir) with a small customisation of our own. Adminer refuses password-less SQLite
 * logins by default; this lets the one agent account (alice) in with a fixed password and lists
 * the shop database on the server page. The setup writes the database path to db-path.txt. */

function adminer_object() {
	class WonderlandAdminer extends Adminer {
		/** bcrypt hash of the agent's password (the one of sites/real, see sites/real/README.md) */
		const PASSWORD_HASH = '$2y$10$lIuu5hbWQX7kERTqZfX8buVGMAmz92L0Wf28Psx3as0YHozErLkWi';

		function shop() {
			return trim(file_get_contents(__DIR__ . "/db-path.txt"));
		}

		function credentials() {
			// SQLite has no password: the password is checked by login(), not by the driver.
			return array(SERVER, $_GET["username"], "");
		}

		function login($login, $password) {
			return $login === "alice" && password_verify((string) $password, self::PASSWORD_HASH);
		}

		function databases($flush = true) {
			return array($this->shop());
		}

		function loginFormField($name, $heading, $value) {
			if ($name == "driver") { // SQLite 3 preselected: it is the only system served here
				$value = preg_replace('~<option value="sqlite"~', '\\0 selected', str_replace(" selected", "", $value));
			}
			return $heading . $value;
		}
	}
	return new WonderlandAdminer;
}

include __DIR__ . "/adminer.php";
