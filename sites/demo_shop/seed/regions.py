"""States and provinces with Magento's region ids (directory_country_region), US and Canada."""

from __future__ import annotations

from .rows import RegionRow

_US = (
    "AL Alabama|AK Alaska|AS American Samoa|AZ Arizona|AR Arkansas|AE Armed Forces Africa|"
    "AA Armed Forces Americas|AE Armed Forces Canada|AE Armed Forces Europe|"
    "AE Armed Forces Middle East|AP Armed Forces Pacific|CA California|CO Colorado|"
    "CT Connecticut|DE Delaware|DC District of Columbia|FM Federated States Of Micronesia|"
    "FL Florida|GA Georgia|GU Guam|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|"
    "KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MH Marshall Islands|MD Maryland|"
    "MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|"
    "NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|"
    "NC North Carolina|ND North Dakota|MP Northern Mariana Islands|OH Ohio|OK Oklahoma|"
    "OR Oregon|PW Palau|PA Pennsylvania|PR Puerto Rico|RI Rhode Island|SC South Carolina|"
    "SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VI Virgin Islands|VA Virginia|"
    "WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming"
)
_CA = (
    "AB Alberta|BC British Columbia|MB Manitoba|NL Newfoundland and Labrador|NB New Brunswick|"
    "NS Nova Scotia|NT Northwest Territories|NU Nunavut|ON Ontario|PE Prince Edward Island|"
    "QC Quebec|SK Saskatchewan|YT Yukon Territory"
)


def region_rows() -> list[RegionRow]:
    """US regions are ids 1-65 and Canadian provinces 66-78, as in Magento."""
    rows: list[RegionRow] = []
    for country, table in (("US", _US), ("CA", _CA)):
        for entry in table.split("|"):
            code, name = entry.split(" ", 1)
            rows.append(RegionRow(len(rows) + 1, country, code, name))
    return rows
