"""The names of the kit's teaching map and cards, marked for the catalog (the kit's own names:
the map and the cards are inspired by the published game, not its board or cards; the Portuguese
names are the booklet's where it has them, and the kit's own elsewhere).

The canonical English names stay in the data files and in the action notation; the catalog says
them in other languages (``words.display_name``). A test keeps these lists in step with the data."""

from __future__ import annotations

from gamekit.i18n import N_

__all__ = ["AREAS", "CARD_TEXTS", "EMPIRES", "EVENTS", "LABELS", "NAMES", "PEOPLES", "RESOURCES", "SEAS",
           "TERRITORIES"]

# the teaching map's territories, in map order
TERRITORIES = (
    N_("Britain"), N_("Scandinavia"), N_("Jutland"), N_("Saxony"), N_("Rhineland"), N_("Iberia"),
    N_("Gaul"), N_("Italy"), N_("Sicily"), N_("Balkans"), N_("Pindus"), N_("Crete"), N_("Danubia"),
    N_("Vistula"), N_("Livonia"), N_("Muscovy"), N_("Pontic Steppe"), N_("Siberia"), N_("Anatolia"),
    N_("Levant"), N_("Upper Tigris"), N_("Lower Tigris"), N_("Caucasus"), N_("Persia"),
    N_("Arabian Desert"), N_("Egypt"), N_("Cyrenaica"), N_("Carthage"), N_("Mauretania"),
    N_("Sahara"), N_("Nubia"), N_("Ethiopia"), N_("Parthia"), N_("Bactria"), N_("Transoxiana"),
    N_("Kazakh Steppe"), N_("Mongolia"), N_("Gobi"), N_("Punjab"), N_("Ganges"), N_("Bengal"),
    N_("Deccan"), N_("Tamilakam"), N_("Ceylon"), N_("Tibet"), N_("Huang He"), N_("Yangtze"),
    N_("Sichuan"), N_("Manchuria"), N_("Korea"), N_("Japan"), N_("Burma"), N_("Siam"), N_("Annam"),
    N_("Malaya"), N_("Java"), N_("Greenland"), N_("New England"), N_("Chesapeake"),
    N_("Mississippi"), N_("Great Plains"), N_("Great Basin"), N_("California"), N_("Anahuac"),
    N_("Yucatan"), N_("Antilles"), N_("Isthmus"), N_("New Granada"), N_("Peru"), N_("Atacama"),
    N_("Amazonia"), N_("Bahia"), N_("Pampas"),
)
# its Areas (the Balkans is a territory's name too)
AREAS = (
    N_("Northern Europe"), N_("Western Europe"), N_("Balkans"), N_("Eastern Europe"),
    N_("Middle East"), N_("Africa"), N_("Central Asia"), N_("India"), N_("Far East"),
    N_("South-East Asia"), N_("North America"), N_("Central America"), N_("South America"),
)
# seas and oceans
SEAS = (
    N_("North Sea"), N_("Baltic Sea"), N_("Mediterranean Sea"), N_("Black Sea"), N_("Red Sea"),
    N_("Persian Gulf"), N_("Arabian Sea"), N_("Bay of Bengal"), N_("South China Sea"),
    N_("Yellow Sea"), N_("Sea of Japan"), N_("Gulf of Mexico"), N_("Caribbean Sea"),
    N_("Atlantic Ocean"), N_("Indian Ocean"), N_("Pacific Ocean"),
)
# Empire cards and the empires on them
EMPIRES = (
    N_("Egyptians"), N_("Babylonians"), N_("Indus Valley"), N_("Minoans"), N_("Hittites"),
    N_("Shang"), N_("Assyrians"), N_("Persians"), N_("Greeks"), N_("Carthaginians"),
    N_("Macedonians"), N_("Mauryans"), N_("Qin"), N_("Xiongnu"), N_("Romans"), N_("Parthians"),
    N_("Han"), N_("Kushans"), N_("Guptas"), N_("Goths"), N_("Huns"), N_("Byzantines"), N_("Arabs"),
    N_("Tang"), N_("Franks"), N_("Khmers"), N_("Maya"), N_("Vikings"), N_("Seljuks"), N_("Normans"),
    N_("Song"), N_("Mongols"), N_("Delhi Sultanate"), N_("Ottomans"), N_("Incas & Aztecs"),
    N_("Incas"), N_("Aztecs"), N_("Spanish"), N_("Mughals"), N_("Russians"), N_("French"),
    N_("British"), N_("Qing"), N_("United States"),
)
# Event cards
EVENTS = (
    N_("Leader"), N_("Weaponry"), N_("Siege-craft"), N_("Treachery"), N_("Civil War"),
    N_("Astronomy"), N_("Black Death"), N_("Barbarians: Sea Peoples"), N_("Barbarians: Celts"),
    N_("Barbarians: Scythians"), N_("Barbarians: Vandals"), N_("Barbarians: Magyars"),
    N_("Barbarians: Cossacks"), N_("Minor Empire: Phoenicians"), N_("Minor Empire: Sassanids"),
    N_("Minor Empire: Srivijaya"), N_("Minor Empire: Timurids"), N_("Minor Empire: Marathas"),
    N_("Kingdom: Israel"), N_("Kingdom: Armenia"), N_("Kingdom: Axum"), N_("Kingdom: Silla"),
    N_("Kingdom: Poland"), N_("Kingdom: Siam"),
)
# the minor empires, barbarians and kingdoms that Event cards bring
PEOPLES = (
    N_("Sea Peoples"), N_("Celts"), N_("Scythians"), N_("Vandals"), N_("Magyars"), N_("Cossacks"),
    N_("Phoenicians"), N_("Sassanids"), N_("Srivijaya"), N_("Timurids"), N_("Marathas"),
    N_("Israel"), N_("Armenia"), N_("Axum"), N_("Silla"), N_("Poland"),
)
#: resource symbols (lower case in the data): said with pgettext("resource", ...) by words.resource_name
RESOURCES = ("cacao", "cotton", "dates", "furs", "gold", "grain", "horses", "ivory", "marble", "silk", "spices", "tin",
             "tobacco", "wine")
# the texts printed on Event cards and the traits of Empire cards (words.card_text)
CARD_TEXTS = (
    N_('Before establishing your empire: an army from your supply and a city go to the start '
       'territory (whatever was there is removed), and the army retires at once.'),
    N_('Before establishing your empire: play these barbarians like a minor empire (no capital); '
       'they gain 1 gold at once for each capital, city or monument they reduce.'),
    N_('Before establishing your empire: play this empire as an extra empire turn with armies from'
       ' your supply (invasions, over-run, forts and monuments as usual, no gold collected), then '
       'its armies retire.'),
    N_("Choose a territory where another player's army stands on a capital or city: invade it with"
       ' an army from your supply, rolling as usual (no continuing); over-run may follow and '
       'monuments may be built. The army then retires.'),
    N_('Choose an Area: every retired army in it, of every player, is removed.'),
    N_('For the rest of this empire turn add 1 to your score in every invasion.'),
    N_('For the rest of this empire turn forts give defenders no extra die against you and do not '
       'stop an over-run.'),
    N_('For the rest of this empire turn you roll one extra die in every invasion.'),
    N_('Place a fleet in any ocean for the rest of this empire turn; the United States may then '
       'cross oceans.'),
    N_("Take one territory next to your active armies that holds another player's army and no "
       'fort: your army from the supply replaces it, no dice (reduction applies).'),
    N_('Fear: +1 invasion point after every successful roll (none on a failure).'),
    N_('Vikings: only one army may cross the Atlantic in their turn; invading from the sea '
       'succeeds on a natural 5 or 6.'),
    N_('French: monuments in territories they take are not reduced, nor one in their start, Gaul.'),
    N_('United States: no expansion across an ocean unless the Astronomy event is played.'),
)
# the labels the map and the card set carry: the kit's own, inspired by the published game
LABELS = (
    N_("gamekit's own teaching map: inspired by the published game (A Brief History of the World, "
       'Ragnar Brothers 2009), not its board. Real place names; the layout, terrain, resources and'
       " coordinates are the kit's inventions."),
    N_("gamekit's own teaching cards: inspired by the published game (A Brief History of the "
       'World, Ragnar Brothers 2009), not its cards. Real empire names; every number, start, '
       "fleet, event effect, Area value and Bonus token is the kit's invention."),
)
NAMES = frozenset(TERRITORIES + AREAS + SEAS + EMPIRES + EVENTS + PEOPLES)
