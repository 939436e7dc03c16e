"""Units, currencies and scale words: the tables behind the quantity parser.

Every unit alias maps to a :class:`Unit` (dimension, canonical symbol, factor to the
dimension's base unit, offset). Conversion to the base unit is
``base = value * factor + offset`` (the offset only matters for temperatures, whose
base unit is the degree Celsius). Base units: metre (length), gram (mass), litre
(volume), second (time), square metre (area), metre per second (speed), degree
Celsius (temperature), joule (energy: also eV-TeV), watt (power), byte (data: kB-PB, decimal),
coulomb (charge: mAh, Ah), volt (voltage), ampere (current), bit per second (bitrate), pascal
(pressure: also N/mm², a stress), newton (force), ppm (concentration), sievert and gray
(radiation doses), becquerel (radioactivity; curies convert), revolution per minute
(rotational speed), newton metre (torque);
astronomical lengths (AU, light-years, parsecs) are lengths.
Laboratory units (``mg/dL``, ``mmol/L``...) form one dimension per unit: they are
never converted into each other because the factor depends on the substance.

Currencies are never converted into each other (no exchange rates). ``$`` is the
dollar family: it is compatible with USD, AUD, CAD, NZD, HKD, SGD; ``¥`` with JPY
and CNY.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "CURRENCY_CODES",
    "CURRENCY_WORDS",
    "SCALE_WORDS",
    "SYMBOLS",
    "UNITS",
    "Unit",
    "currencies_compatible",
    "unit_regex_source",
]


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit: its dimension, canonical symbol and conversion to the base unit."""

    dimension: str
    symbol: str
    factor: float = 1.0
    offset: float = 0.0


def _u(
    dimension: str, symbol: str, factor: float, *aliases: str, offset: float = 0.0
) -> dict[str, Unit]:
    unit = Unit(dimension, symbol, factor, offset)
    return {alias: unit for alias in (symbol, *aliases)}


# Aliases are matched case-sensitively (so ``M`` is never metres and ``mL`` is
# millilitres); long spelled-out names are matched case-insensitively via _WORDY.
UNITS: dict[str, Unit] = {
    **_u("length", "mm", 1e-3, "millimetre", "millimetres", "millimeter", "millimeters"),
    **_u("length", "cm", 1e-2, "centimetre", "centimetres", "centimeter", "centimeters"),
    **_u("length", "m", 1.0, "metre", "metres", "meter", "meters"),
    **_u("length", "km", 1e3, "kilometre", "kilometres", "kilometer", "kilometers", "kms"),
    **_u("length", "mi", 1609.344, "mile", "miles"),
    **_u("length", "ft", 0.3048, "foot", "feet"),
    **_u("length", "in", 0.0254, "inch", "inches"),
    **_u(
        "length",
        "µm",
        1e-6,
        "μm",
        "micrometre",
        "micrometres",
        "micrometer",
        "micrometers",
        "micron",
        "microns",
    ),
    **_u("length", "nm", 1e-9, "nanometre", "nanometres", "nanometer", "nanometers"),
    **_u("length", "yd", 0.9144, "yard", "yards"),
    **_u("length", "nmi", 1852.0, "nautical mile", "nautical miles"),
    # diving depths: metres / feet of seawater ("rated to 300 msw")
    **_u("length", "msw", 1.0, "metres of seawater", "metres of sea water"),
    **_u("length", "fsw", 0.3048, "feet of seawater", "feet of sea water"),
    # astronomy
    **_u("length", "AU", 1.495978707e11, "astronomical unit", "astronomical units"),
    **_u(
        "length",
        "ly",
        9.4607304725808e15,
        "light-year",
        "light-years",
        "light year",
        "light years",
        "lightyear",
        "lightyears",
    ),
    **_u("length", "pc", 3.0856775814913673e16, "parsec", "parsecs"),
    **_u("length", "kpc", 3.0856775814913673e19, "kiloparsec", "kiloparsecs"),
    **_u("length", "Mpc", 3.0856775814913673e22, "megaparsec", "megaparsecs"),
    **_u("mass", "µg", 1e-6, "μg", "mcg", "ug", "microgram", "micrograms"),
    **_u("mass", "mg", 1e-3, "milligram", "milligrams"),
    **_u("mass", "g", 1.0, "gram", "grams", "gramme", "grammes"),
    **_u("mass", "kg", 1e3, "kilogram", "kilograms", "kilo", "kilos"),
    **_u(
        "mass",
        "t",
        1e6,
        "tonne",
        "tonnes",
        "metric ton",
        "metric tons",
        "metric tonne",
        "metric tonnes",
    ),
    # the quintal of 100 kg (grain and spice markets: "₹16,400 per quintal")
    **_u("mass", "quintal", 1e5, "quintals"),
    **_u("mass", "kt", 1e9, "kilotonne", "kilotonnes"),
    **_u("mass", "Mt", 1e12, "MtCO2", "MtCO2e", "megatonne", "megatonnes"),
    **_u("mass", "Gt", 1e15, "GtCO2", "GtCO2e", "gigatonne", "gigatonnes"),
    **_u("mass", "lb", 453.59237, "lbs", "pound", "pounds"),
    **_u("mass", "oz", 28.349523125, "ounce", "ounces"),
    # precious metals count thousands and millions of ounces ("2025 (koz)", "1.2 Moz")
    **_u("mass", "koz", 28349.523125, "thousand ounces"),
    **_u("mass", "Moz", 28349523.125, "million ounces"),
    **_u(
        "volume", "mL", 1e-3, "ml", "millilitre", "millilitres", "milliliter", "milliliters", "cc"
    ),
    **_u(
        "volume",
        "µL",
        1e-6,
        "μL",
        "uL",
        "µl",
        "μl",
        "ul",
        "microlitre",
        "microlitres",
        "microliter",
        "microliters",
    ),
    **_u("volume", "cL", 1e-2, "cl"),
    **_u("volume", "dL", 1e-1, "dl"),
    **_u("volume", "L", 1.0, "l", "litre", "litres", "liter", "liters"),
    **_u(
        "volume",
        "m³",
        1e3,
        "m3",
        "Nm³",
        "Nm3",
        "cubic metre",
        "cubic metres",
        "cubic meter",
        "cubic meters",
    ),
    **_u(
        "volume",
        "km³",
        1e12,
        "km3",
        "cubic kilometre",
        "cubic kilometres",
        "cubic kilometer",
        "cubic kilometers",
    ),
    **_u("volume", "yd³", 764.554857984, "yd3", "cubic yard", "cubic yards", "cu yd"),
    **_u("volume", "ft³", 28.316846592, "ft3", "cubic foot", "cubic feet", "cu ft"),
    **_u("volume", "hL", 1e2, "hl", "hectolitre", "hectolitres", "hectoliter", "hectoliters"),
    **_u("volume", "kL", 1e3, "kl", "kilolitre", "kilolitres", "kiloliter", "kiloliters"),
    **_u("volume", "ML", 1e6, "Ml", "megalitre", "megalitres", "megaliter", "megaliters"),
    **_u("volume", "GL", 1e9, "gigalitre", "gigalitres", "gigaliter", "gigaliters"),
    **_u("volume", "gal", 3.785411784, "gallon", "gallons", "US gallon", "US gallons", "US gal"),
    **_u(
        "volume",
        "imp gal",
        4.54609,
        "imperial gallon",
        "imperial gallons",
        "UK gallon",
        "UK gallons",
    ),
    **_u("volume", "fl oz", 0.0295735295625, "fluid ounce", "fluid ounces"),
    **_u("volume", "bbl", 158.987294928, "barrel", "barrels"),
    # gas volumes: million / billion cubic metres, thousand / million / billion cubic feet
    **_u("volume", "mcm", 1e9, "mcm", "MCM"),
    **_u("volume", "bcm", 1e12, "BCM"),
    **_u("volume", "Mcf", 28316.846592, "mcf"),
    **_u("volume", "MMcf", 28316846.592, "MMcf", "mmcf", "MMCF"),
    **_u("volume", "Bcf", 28316846592.0, "bcf", "BCF"),
    **_u("time", "ms", 1e-3, "millisecond", "milliseconds"),
    **_u("time", "µs", 1e-6, "μs", "microsecond", "microseconds"),
    **_u("time", "s", 1.0, "sec", "secs", "second", "seconds"),
    **_u("time", "min", 60.0, "mins", "minute", "minutes"),
    **_u("time", "h", 3600.0, "hr", "hrs", "hour", "hours", "man-hours", "person-hours"),
    **_u("time", "day", 86400.0, "days"),
    **_u("time", "week", 604800.0, "weeks", "wk", "wks"),
    **_u("time", "month", 2629746.0, "months"),
    **_u("time", "year", 31556952.0, "years", "yr", "yrs"),
    **_u("time", "decade", 315569520.0, "decades"),
    **_u(
        "area",
        "m²",
        1.0,
        "m2",
        "sqm",
        "sq m",
        "square metre",
        "square metres",
        "square meter",
        "square meters",
    ),
    **_u(
        "area",
        "km²",
        1e6,
        "km2",
        "sq km",
        "square kilometre",
        "square kilometres",
        "square kilometer",
        "square kilometers",
    ),
    **_u("area", "ft²", 0.09290304, "sq ft", "sqft", "square foot", "square feet"),
    **_u(
        "area",
        "mm²",
        1e-6,
        "mm2",
        "square millimetre",
        "square millimetres",
        "square millimeter",
        "square millimeters",
    ),
    **_u(
        "area",
        "cm²",
        1e-4,
        "cm2",
        "square centimetre",
        "square centimetres",
        "square centimeter",
        "square centimeters",
    ),
    **_u("area", "mi²", 2589988.110336, "sq mi", "square mile", "square miles"),
    **_u("area", "ha", 1e4, "hectare", "hectares"),
    **_u("area", "kha", 1e7),  # thousand hectares: "Area (kha)" of forest inventories
    **_u("area", "Mha", 1e10),  # million hectares
    **_u("area", "acre", 4046.8564224, "acres", "ac"),  # "191,730 ac" ("AC" is a current)
    **_u(
        "speed",
        "km/h",
        1 / 3.6,
        "kph",
        "kmh",
        "km/hr",
        "kilometres per hour",
        "kilometers per hour",
    ),
    **_u("speed", "mph", 0.44704, "miles per hour"),
    **_u("speed", "ypm", 0.9144 / 60, "yd/min", "yards per minute"),  # pigeon racing
    **_u("speed", "fpm", 0.3048 / 60, "ft/min", "feet per minute"),  # lifts, air flow
    **_u("speed", "m/s", 1.0, "metres per second", "meters per second"),
    **_u("speed", "kn", 0.514444, "knot", "knots"),
    **_u(
        "temperature",
        "°C",
        1.0,
        "° C",
        "ºC",
        "degrees Celsius",
        "degree Celsius",
        "degrees C",
        "Celsius",
        "celsius",
    ),
    **_u(
        "temperature",
        "°F",
        5 / 9,
        "° F",
        "ºF",
        "degrees Fahrenheit",
        "degree Fahrenheit",
        "degrees F",
        "Fahrenheit",
        "fahrenheit",
        offset=-160 / 9,
    ),
    **_u("temperature", "K", 1.0, "kelvin", "kelvins", offset=-273.15),
    **_u("energy", "J", 1.0, "joule", "joules"),
    **_u("energy", "kJ", 1e3, "kilojoule", "kilojoules"),
    **_u("energy", "MJ", 1e6, "megajoule", "megajoules"),
    **_u("energy", "GJ", 1e9, "gigajoule", "gigajoules"),
    # particle and photon energies
    **_u("energy", "eV", 1.602176634e-19, "electronvolt", "electronvolts"),
    **_u("energy", "keV", 1.602176634e-16, "kiloelectronvolt", "kiloelectronvolts"),
    **_u("energy", "MeV", 1.602176634e-13, "megaelectronvolt", "megaelectronvolts"),
    **_u("energy", "GeV", 1.602176634e-10, "gigaelectronvolt", "gigaelectronvolts"),
    **_u("energy", "TeV", 1.602176634e-7, "teraelectronvolt", "teraelectronvolts"),
    **_u("energy", "kcal", 4184.0, "Cal", "calories", "kilocalories"),
    **_u("energy", "Wh", 3.6e3, "watt-hour", "watt-hours", "watt hour", "watt hours"),
    **_u(
        "energy",
        "kWh",
        3.6e6,
        "kilowatt-hour",
        "kilowatt-hours",
        "kilowatt hour",
        "kilowatt hours",
    ),
    **_u("energy", "MWh", 3.6e9, "megawatt-hour", "megawatt-hours", "megawatt hours"),
    **_u("energy", "GWh", 3.6e12, "gigawatt-hour", "gigawatt-hours", "gigawatt hours"),
    **_u("energy", "TWh", 3.6e15),
    # "Wp" / "kWp" / "MWp": the peak output of solar panels, in watts
    # "kWth" / "MWe": thermal or electrical output, in watts all the same
    **_u("power", "W", 1.0, "watt", "watts", "Wp"),
    **_u("power", "kW", 1e3, "kilowatt", "kilowatts", "kWp", "kWth", "kWt", "kWe"),
    **_u("power", "MW", 1e6, "megawatt", "megawatts", "MWp", "MWth", "MWt", "MWe"),
    **_u("power", "GW", 1e9, "gigawatt", "gigawatts", "GWp", "GWth", "GWe"),
    **_u("power", "TW", 1e12, "terawatt", "terawatts"),
    # data sizes (decimal prefixes, as drive and memory specs are stated); a bare "B"
    # is never bytes: "$1.5B" is billions
    **_u("data", "kB", 1e3, "KB", "kilobyte", "kilobytes"),
    **_u("data", "MB", 1e6, "megabyte", "megabytes"),
    **_u("data", "GB", 1e9, "gigabyte", "gigabytes"),
    **_u("data", "TB", 1e12, "terabyte", "terabytes"),
    **_u("data", "PB", 1e15, "petabyte", "petabytes"),
    # pressure, in pascals
    **_u("pressure", "Pa", 1.0, "pascal", "pascals"),
    **_u("pressure", "hPa", 1e2, "hectopascal", "hectopascals"),
    **_u("pressure", "kPa", 1e3, "kilopascal", "kilopascals"),
    **_u("pressure", "MPa", 1e6, "megapascal", "megapascals"),
    **_u("pressure", "bar", 1e5),
    **_u("pressure", "mbar", 1e2, "millibar", "millibars"),
    # a stress written as force per area: N/mm² is MPa (steel and concrete strengths)
    **_u("pressure", "N/mm²", 1e6, "N/mm2", "N/mm^2", "newtons per square millimetre"),
    # torque, in newton metres
    **_u("torque", "N·m", 1.0, "Nm", "N m", "N-m", "N.m", "newton metres", "newton-metres"),
    **_u("torque", "kN·m", 1e3, "kNm", "kN m", "kN-m", "kN.m"),
    **_u("torque", "lbf·ft", 1.3558179483314004, "lb-ft", "lb ft", "lbf ft", "ft-lb", "ft lb"),
    **_u("force", "N", 1.0, "newton", "newtons"),
    **_u("force", "kN", 1e3, "kilonewton", "kilonewtons"),
    **_u("force", "MN", 1e6, "meganewton", "meganewtons"),
    **_u("pressure", "psi", 6894.757293168, "PSI", "pounds per square inch"),
    **_u("pressure", "atm", 101325.0, "atmosphere", "atmospheres"),
    # data rates, in bits per second
    # frequency, in hertz; sound level in decibels (a level, never converted)
    # apparent power (transformers, generators), in volt-amperes: not converted to watts
    **_u("apparent_power", "VA", 1.0, "volt-amperes"),
    **_u("apparent_power", "kVA", 1e3, "kilovolt-amperes"),
    **_u("apparent_power", "MVA", 1e6, "megavolt-amperes"),
    # rotational speed, in revolutions per minute
    **_u(
        "rotational_speed",
        "rpm",
        1.0,
        "RPM",
        "r/min",
        "rev/min",
        "revolutions per minute",
        "revs per minute",
    ),
    **_u("rotational_speed", "rps", 60.0, "revolutions per second", "revs per second"),
    **_u("frequency", "Hz", 1.0, "hertz"),
    **_u("frequency", "kHz", 1e3, "kilohertz"),
    **_u("frequency", "MHz", 1e6, "megahertz"),
    **_u("frequency", "GHz", 1e9, "gigahertz"),
    **_u("level:dB", "dB", 1.0, "decibel", "decibels", "dB(A)", "dBA"),
    **_u("bitrate", "bit/s", 1.0, "bps", "bits per second"),
    **_u("bitrate", "kbit/s", 1e3, "kbps", "Kbps", "kb/s", "kilobits per second"),
    **_u("bitrate", "Mbit/s", 1e6, "Mbps", "Mb/s", "megabits per second"),
    **_u("bitrate", "Gbit/s", 1e9, "Gbps", "Gb/s", "gigabits per second"),
    # electric potential (volts) and current (amperes)
    **_u("voltage", "V", 1.0, "volt", "volts"),
    **_u("voltage", "mV", 1e-3, "millivolt", "millivolts"),
    **_u("voltage", "kV", 1e3, "kilovolt", "kilovolts"),
    **_u("current", "A", 1.0, "amp", "amps", "ampere", "amperes"),
    **_u("current", "mA", 1e-3, "milliamp", "milliamps", "milliampere", "milliamperes"),
    **_u("current", "µA", 1e-6, "μA", "microamp", "microamps", "microampere", "microamperes"),
    **_u("current", "kA", 1e3, "kiloamp", "kiloamps", "kiloampere", "kiloamperes"),
    # electric charge (battery capacity), in coulombs
    **_u("charge", "mAh", 3.6, "milliamp-hours", "milliampere-hours"),
    **_u("charge", "Ah", 3600.0, "amp-hours", "ampere-hours"),
    # radiation dose: equivalent dose in sieverts, absorbed dose in grays (never mixed)
    **_u("dose_equivalent", "Sv", 1.0, "sievert", "sieverts"),
    **_u("dose_equivalent", "mSv", 1e-3, "millisievert", "millisieverts"),
    **_u("dose_equivalent", "µSv", 1e-6, "μSv", "uSv", "microsievert", "microsieverts"),
    **_u("dose_equivalent", "nSv", 1e-9, "nanosievert", "nanosieverts"),
    **_u("absorbed_dose", "Gy", 1.0),  # not "gray": "5 gray squirrels"
    **_u("absorbed_dose", "mGy", 1e-3, "milligray", "milligrays"),
    **_u("absorbed_dose", "µGy", 1e-6, "μGy", "uGy", "microgray", "micrograys"),
    # radioactivity, in becquerels ("370 MBq" is 0.37 GBq); curies convert
    **_u("radioactivity", "Bq", 1.0, "becquerel", "becquerels"),
    **_u("radioactivity", "kBq", 1e3, "kilobecquerel", "kilobecquerels"),
    **_u("radioactivity", "MBq", 1e6, "megabecquerel", "megabecquerels"),
    **_u("radioactivity", "GBq", 1e9, "gigabecquerel", "gigabecquerels"),
    **_u("radioactivity", "TBq", 1e12, "terabecquerel", "terabecquerels"),
    **_u("radioactivity", "Ci", 3.7e10, "curie", "curies"),
    **_u("radioactivity", "mCi", 3.7e7, "millicurie", "millicuries"),
    **_u("radioactivity", "µCi", 3.7e4, "μCi", "uCi", "microcurie", "microcuries"),
    **_u("concentration", "ppm", 1.0, "parts per million", "parts-per-million"),
    **_u("concentration", "ppb", 1e-3, "parts per billion", "parts-per-billion"),
    **_u("lab:mg/dL", "mg/dL", 1.0, "mg/dl"),
    **_u("lab:mmol/L", "mmol/L", 1.0, "mmol/l"),
    # the same amount of substance a thousand times smaller: converts ("360 µmol/L" is
    # "0.36 mmol/L"), unlike mg/dL against mmol/L
    **_u("lab:mmol/L", "µmol/L", 1e-3, "μmol/L", "umol/L", "µmol/l", "μmol/l", "umol/l"),
    **_u("lab:mg/kg", "mg/kg", 1.0),
    **_u("lab:mEq/L", "mEq/L", 1.0, "mEq/l"),
    **_u("lab:ng/mL", "ng/mL", 1.0, "ng/ml"),
    **_u("lab:g/dL", "g/dL", 1.0, "g/dl"),
    **_u("lab:IU", "IU", 1.0, "international units"),
    **_u("lab:mmHg", "mmHg", 1.0, "mm Hg"),
    **_u("lab:bpm", "bpm", 1.0, "BPM", "beats per minute"),
    **_u("lab:eGFR", "mL/min/1.73m²", 1.0, "mL/min/1.73 m²", "ml/min/1.73m²", "ml/min/1.73 m2"),
}

# "in" is never a unit: "3 in 10" is a frequency, not inches; nor is a lone "A" ("3 A
# grades", "5 A-levels"): amperes are read from "amps" or "mA", and from a lone "A" only
# where it ends a clause or comes before an electrical word ("3.5 A at 13.6 V", "a 13 A
# plug"; quantities._AMPS).
UNITS.update(
    {a.replace(" ", "-", 1): u for a, u in UNITS.items() if a.startswith(("square ", "cubic "))}
)  # "a 1,850 square-metre unit", "2.5 cubic-metre skips"
SYMBOLS: dict[str, Unit] = {u.symbol: u for u in UNITS.values()}
"""Each unit by its canonical symbol (``Quantity.unit``), "in" and "A" included."""
del UNITS["in"]
del UNITS["A"]

SCALE_WORDS: dict[str, float] = {
    "hundred": 1e2,
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
}

CURRENCY_CODES: frozenset[str] = frozenset(
    """USD EUR GBP AUD CAD JPY CNY RMB CHF INR NZD HKD SGD SEK NOK DKK ZAR BRL MXN KRW MYR
    IDR THB PLN HUF CZK RON NGN KES EGP ILS TRY AED SAR QAR VND PKR BDT TWD CLP COP ARS
    PEN UAH RUB ISK BGN KZT LKR NPR OMR KWD BHD JOD TND GHS TZS UGX ETB XOF XAF UYU PYG
    DOP GTQ JMD TTD MUR ZMW BWP NAD MMK KHR LAK MNT AZN UZS BYN RSD MKD IRR IQD LBP AFN
    MVR FJD PGK BND KGS MDL BAM DZD MAD""".split()
)

CURRENCY_WORDS: dict[str, str] = {
    "cent": "c¢",
    "cents": "c¢",
    "pence": "GBP¢",
    "dollar": "$",
    "dollars": "$",
    "euro": "EUR",
    "euros": "EUR",
    "yen": "JPY",
    "rupee": "INR",
    "rupees": "INR",
    "yuan": "CNY",
    "renminbi": "CNY",
    "ringgit": "MYR",
    "rupiah": "IDR",
    "baht": "THB",
    "zloty": "PLN",
    "zlotys": "PLN",
    "forint": "HUF",
    "forints": "HUF",
    "naira": "NGN",
    "soles": "PEN",
    "nuevos soles": "PEN",
    "rouble": "RUB",
    "roubles": "RUB",
    "ruble": "RUB",
    "rubles": "RUB",
    "rand": "ZAR",
    "hryvnia": "UAH",
    "hryvnias": "UAH",
    "dirham": "Dh",
    "dirhams": "Dh",
    "riyal": "SAR",
    "riyals": "SAR",
    "cedi": "GHS",
    "cedis": "GHS",
    "kwacha": "ZMW",
    "taka": "BDT",
    "tenge": "KZT",
    "reais": "BRL",
    "dong": "VND",
    "kyat": "MMK",
    "shekel": "ILS",
    "shekels": "ILS",
    "pounds sterling": "GBP",
    "euro cent": "EUR¢",
    "euro cents": "EUR¢",
    "us cent": "USD¢",
    "us cents": "USD¢",
    "us dollars": "USD",
    "canadian dollars": "CAD",
    "australian dollars": "AUD",
    "new zealand dollars": "NZD",
    "hong kong dollars": "HKD",
    "singapore dollars": "SGD",
    "swiss francs": "CHF",
    "sterling": "GBP",
    "krone": "kr",
    "kroner": "kr",
    "krona": "kr",
    "kronor": "kr",
    "norwegian kroner": "NOK",
    "danish kroner": "DKK",
    "swedish kronor": "SEK",
    "icelandic kronur": "ISK",
    "icelandic krónur": "ISK",
    "icelandic krona": "ISK",
    "icelandic króna": "ISK",
    "krónur": "ISK",
    "króna": "ISK",
    "turkish lira": "TRY",
    "mexican pesos": "MXN",
    "chilean pesos": "CLP",
    "colombian pesos": "COP",
    "argentine pesos": "ARS",
    "egyptian pounds": "EGP",
    "indian rupees": "INR",
    "pakistani rupees": "PKR",
    "sri lankan rupees": "LKR",
    "nepalese rupees": "NPR",
    "nepali rupees": "NPR",
    "kenyan shillings": "KES",
    "ugandan shillings": "UGX",
    "tanzanian shillings": "TZS",
    "south african rand": "ZAR",
    "japanese yen": "JPY",
    "chinese yuan": "CNY",
}

_FAMILIES = {
    "$": frozenset({"$", "USD", "AUD", "CAD", "NZD", "HKD", "SGD"}),
    "¥": frozenset({"¥", "JPY", "CNY", "RMB"}),
    # "cents" (``c``): a hundredth of a dollar or a euro, not of a pound ("pence")
    "c": frozenset({"c", "$", "USD", "AUD", "CAD", "NZD", "HKD", "SGD", "EUR"}),
    # "kroner" / "kronor" (``kr``): the Norwegian, Danish, Swedish or Icelandic crown
    "kr": frozenset({"kr", "NOK", "DKK", "SEK", "ISK"}),
    # "dirhams": the money of the UAE or of Morocco
    "Dh": frozenset({"Dh", "AED", "MAD"}),
}


def currencies_compatible(a: str, b: str) -> bool:
    """True when currency codes ``a`` and ``b`` may name the same money.

    Equal codes are compatible; ``$`` (unspecified dollar) is compatible with every
    dollar code, ``¥`` with JPY / CNY, ``c`` (cents) with the dollars and the euro,
    ``kr`` (kroner, kronor) with NOK / DKK / SEK / ISK, ``Dh`` (dirhams) with AED / MAD;
    ``*`` (any currency) with everything.
    """
    return a == b or a == "*" or b == "*" or (a, b) in _COMPATIBLE_PAIRS


_COMPATIBLE_PAIRS = frozenset(
    [("CNY", "RMB"), ("RMB", "CNY")]
    + [
        (a, b)
        for generic, family in _FAMILIES.items()
        for a in family
        for b in family
        if generic in (a, b)
    ]
)
"""The pairs of different codes :func:`currencies_compatible` accepts: the Chinese yuan
under either code, and each generic sign with a code of its family (built once)."""


def unit_regex_source() -> str:
    """Alternation of all unit aliases, longest first (so ``km`` wins over ``m``).

    For speed, the aliases are grouped by their first letter (in the same order within a
    group; two aliases in different groups never match the same text), and a lookahead
    rejects a character that no alias starts with before any alias is tried."""
    aliases = sorted(UNITS, key=len, reverse=True)
    groups: dict[str, list[str]] = {}  # first letter (ASCII: lower-cased) -> aliases
    for alias in aliases:
        key = alias[0].lower() if alias[0].isascii() else alias[0]
        groups.setdefault(key, []).append(alias)
    if any(
        not a[0].isascii() and (_folds(a) or re.match("(?i:[a-z])", a[0])) for a in aliases
    ):  # a non-ASCII first letter that may match another group's: one flat alternation
        return "|".join(_alias_regex(a) for a in aliases)
    out = []
    for key, members in groups.items():
        firsts = {a[0] for a in members}
        if len(firsts) == 1 and not any(_folds(a) for a in members):
            # one first character, matched exactly: factored out (a literal fails fast)
            tails = "|".join(re.escape(a[1:]).replace(r"\ ", r"[ \t]+") for a in members)
            out.append(f"{re.escape(firsts.pop())}(?:{tails})")
        else:  # "k", "K" and "kilometres" in any case: a lookahead for the letter first
            alts = "|".join(_alias_regex(a) for a in members)
            out.append(f"(?=(?i:{re.escape(key)}))(?:{alts})")
    starts = re.escape("".join(sorted(groups)))
    return f"(?=(?i:[{starts}]))(?:{'|'.join(out)})"


def _folds(alias: str) -> bool:
    """Whether ``alias`` is matched in any case (a spelled-out unit: "Kilometres")."""
    return len(alias) > 3 and alias.isalpha() and alias.islower()


def _alias_regex(alias: str) -> str:
    escaped = re.escape(alias).replace(r"\ ", r"[ \t]+")
    return f"(?i:{escaped})" if _folds(alias) else escaped
