//! Shops exchanging by folder (docs/exchange.md), proven whole: three shops run twenty
//! events each with players in common, exchange bundles in all six orders (a bundle copied
//! twice, one lost and sent again), and every laptop ends with the same library contents
//! and the same league table, equal to one laptop that ran all sixty events. A tampered
//! bundle and a bundle cut short are refused and change nothing.

use crate::support;

use std::path::{Path, PathBuf};

use tablekeeper_commands::Session;
use tablekeeper_commands::shop::exchange;
use tablekeeper_commands::views::exchange::BundleOutcome;
use tablekeeper_commands::views::prizes::SeasonView;
use tablekeeper_engine::PlayerDetails;
use tablekeeper_store::library::{Library, LibraryDetails, fingerprint};

const SHOPS: usize = 3;
const EVENTS_PER_SHOP: usize = 20;
const NOW: &str = "2026-11-28T10:00:00+09:00";

const RULES: &str = r#"
name = "Three-shop league"
participation = 1
per_win = 3
placing = [{ down_to = 1, points = 10 }, { down_to = 4, points = 4 }]
tiebreakers = ["best-finish", "events-played", "wins"]
"#;

/// Who plays: ten regulars with a publisher ID who travel between shops, five without one
/// who also travel (each shop's library knows them separately until a merge), and each
/// shop's own locals.
fn pool(shop: usize) -> Vec<PlayerDetails> {
    let mut all: Vec<PlayerDetails> = (0..10)
        .map(|n| PlayerDetails {
            name: [
                "山田 太郎",
                "Иван Петров",
                "김민준",
                "Alice Martin",
                "李小龍",
            ][n % 5]
                .to_string()
                + &format!(" {n}"),
            publisher_id: Some(format!("00001000{n:02}")),
            ..PlayerDetails::default()
        })
        .collect();
    all.extend((0..5).map(|n| PlayerDetails {
        name: format!("Traveller {n}"),
        reading: Some(format!("トラベラー {n}")),
        ..PlayerDetails::default()
    }));
    all.extend((0..6).map(|n| PlayerDetails {
        name: format!("Local {shop}-{n}"),
        ..PlayerDetails::default()
    }));
    all
}

/// One finished event at `path`: eight of the pool, two rounds, seat A wins.
fn run_event(path: &Path, shop: usize, number: usize) -> Vec<PlayerDetails> {
    let pool = pool(shop);
    let players: Vec<PlayerDetails> = (0..8)
        .map(|k| pool[(number * 3 + k * 2 + shop) % pool.len()].clone())
        .collect();
    run_event_of(
        path,
        &format!("Shop {shop} weekly {number}"),
        (shop * 1000 + number) as u64,
        &players,
    );
    players
}

/// One finished event of `players` at `path`: two rounds, seat A wins.
fn run_event_of(path: &Path, name: &str, seed: u64, players: &[PlayerDetails]) {
    support::finished_event(path, name, seed, 2, players);
}

/// Registers an event's players in a library the way the app does (each joins it, matched
/// by publisher ID or name and reading, and the event is recorded for them).
fn register(library: &mut Library, path: &Path, players: &[PlayerDetails]) {
    library
        .link(support::registered(path, players), NOW)
        .expect("linked");
}

/// The world before any exchange: each shop's library and events, and one laptop that ran
/// all sixty, built once and copied for each order.
struct World {
    root: tempfile::TempDir,
}

fn shop_dir(root: &Path, shop: usize) -> PathBuf {
    root.join(format!("shop{shop}"))
}

fn library_path(root: &Path, shop: usize) -> PathBuf {
    shop_dir(root, shop).join("players.tklibrary")
}

impl World {
    fn build() -> World {
        let root = tempfile::tempdir().expect("tempdir");
        let one = root.path().join("one laptop");
        std::fs::create_dir_all(&one).expect("dir");
        let mut all = Library::open_or_create(&one.join("players.tklibrary")).expect("one");
        for shop in 0..SHOPS {
            let dir = shop_dir(root.path(), shop);
            std::fs::create_dir_all(&dir).expect("dir");
            let mut library =
                Library::open_or_create(&library_path(root.path(), shop)).expect("lib");
            library
                .set_shop_name(&format!("Shop {shop}"))
                .expect("name");
            for number in 0..EVENTS_PER_SHOP {
                let path = dir.join(format!("weekly-{number:02}.tkevent"));
                let players = run_event(&path, shop, number);
                register(&mut library, &path, &players);
                // The one laptop registers the same files (copied, as its own).
                let copy = one.join(format!("shop{shop}-weekly-{number:02}.tkevent"));
                std::fs::copy(&path, &copy).expect("copy");
                register(&mut all, &copy, &players);
            }
        }
        World { root }
    }

    /// A fresh copy of the world to play one order in.
    fn copy(&self) -> tempfile::TempDir {
        let target = tempfile::tempdir().expect("tempdir");
        copy_tree(self.root.path(), target.path());
        // Libraries remember event files by path: point them at this copy's files.
        target
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("dir");
    for entry in std::fs::read_dir(from).expect("read") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

fn rows(season: &SeasonView) -> Vec<String> {
    let mut rows: Vec<String> = season
        .rows
        .iter()
        .map(|r| {
            format!(
                "{:?} {} {} {} {} {} {} {}",
                r.rank, r.name, r.points, r.events_played, r.best_place, r.wins, r.losses, r.draws
            )
        })
        .collect();
    rows.sort();
    rows
}

/// Every bundle in `folder`, as (file name, bytes).
fn bundles(folder: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(folder)
        .expect("read")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "tkbundle"))
        .map(|p| {
            (
                p.file_name().expect("name").to_string_lossy().into_owned(),
                std::fs::read(&p).expect("bytes"),
            )
        })
        .collect();
    all.sort();
    all
}

#[test]
fn three_shops_in_every_order_end_with_one_library_and_one_league() {
    let started = std::time::Instant::now();
    let world = World::build();
    eprintln!("world built in {:.1?}", started.elapsed());
    let orders: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut leagues = Vec::new();
    let mut people = Vec::new();
    for order in orders {
        let copy = world.copy();
        let root = copy.path();
        let mut libraries: Vec<Library> = (0..SHOPS)
            .map(|s| Library::open(&library_path(root, s)).expect("open"))
            .collect();
        // Each shop writes its events and library changes to its own outbox.
        let outbox = |shop: usize| root.join(format!("outbox{shop}"));
        for (shop, library) in libraries.iter_mut().enumerate() {
            std::fs::create_dir_all(outbox(shop)).expect("dir");
            let written = exchange::export(library, &outbox(shop), NOW).expect("export");
            assert_eq!(written.events, EVENTS_PER_SHOP as u32);
            assert!(written.changes > 0);
            // A second export right after has nothing new.
            let again = exchange::export(library, &outbox(shop), NOW).expect("export");
            assert_eq!(again.written, None);
        }
        // Shops trust each other once they have compared fingerprints.
        let keys: Vec<String> = libraries
            .iter()
            .map(|l| fingerprint(&l.shop().expect("shop").key))
            .collect();
        for (shop, library) in libraries.iter_mut().enumerate() {
            for other in order.iter().filter(|o| **o != shop) {
                let first = exchange::import(library, &outbox(*other), NOW).expect("import");
                assert!(
                    first
                        .bundles
                        .iter()
                        .all(|b| b.outcome == BundleOutcome::Waiting),
                    "an unknown shop waits: {first:?}"
                );
                assert_eq!(first.changes, 0);
                exchange::trust(library, &keys[*other], NOW).expect("trust");
            }
        }
        // The first shop of the order loses its bundle on the way to the last laptop; the
        // second shop's bundle is copied twice into its folder.
        let lost_from = order[0];
        let lost_to = order[2];
        let doubled = bundles(&outbox(order[1]));
        for (name, bytes) in &doubled {
            std::fs::write(outbox(order[1]).join(format!("copy of {name}")), bytes).expect("copy");
        }
        let inbox = |laptop: usize, from: usize| root.join(format!("inbox{laptop}-from{from}"));
        for laptop in 0..SHOPS {
            for from in order.iter().filter(|f| **f != laptop) {
                let target = inbox(laptop, *from);
                std::fs::create_dir_all(&target).expect("dir");
                if (*from, laptop) != (lost_from, lost_to) {
                    copy_tree(&outbox(*from), &target);
                }
            }
        }
        for laptop in order {
            for from in order.iter().filter(|f| **f != laptop) {
                let taken = exchange::import(&mut libraries[laptop], &inbox(laptop, *from), NOW)
                    .expect("import");
                if *from == order[1] {
                    let outcomes: Vec<BundleOutcome> =
                        taken.bundles.iter().map(|b| b.outcome).collect();
                    assert!(outcomes.contains(&BundleOutcome::Taken));
                    assert!(
                        outcomes.contains(&BundleOutcome::AlreadyHere),
                        "the copy: {outcomes:?}"
                    );
                }
            }
        }
        // The first shop merges the travellers its library now holds twice (suggested as
        // duplicates: the same name and reading), before the lost bundle is sent again.
        let merger = order[0];
        let groups = libraries[merger].duplicates();
        assert!(
            groups.len() >= 10,
            "the travellers and the regulars are each shop's own until merged: {groups:?}"
        );
        for group in groups {
            for other in &group[1..] {
                libraries[merger].merge(group[0], *other).expect("merge");
            }
        }
        std::fs::create_dir_all(outbox(merger)).expect("dir");
        exchange::export(&mut libraries[merger], &outbox(merger), NOW).expect("export");
        // Everything is sent again (the lost bundle too): every laptop reads every folder.
        for laptop in order {
            for from in order.iter().filter(|f| **f != laptop) {
                exchange::import(&mut libraries[laptop], &outbox(*from), NOW).expect("import");
            }
        }
        // Re-importing anything changes nothing.
        let contents: Vec<String> = libraries
            .iter()
            .map(|l| l.shared_contents().expect("contents"))
            .collect();
        for laptop in 0..SHOPS {
            for from in 0..SHOPS {
                if from != laptop {
                    let again = exchange::import(&mut libraries[laptop], &outbox(from), NOW)
                        .expect("again");
                    assert_eq!(again.changes, 0);
                    assert!(
                        again
                            .bundles
                            .iter()
                            .all(|b| b.outcome == BundleOutcome::AlreadyHere)
                    );
                }
            }
            assert_eq!(
                libraries[laptop].shared_contents().expect("contents"),
                contents[laptop]
            );
        }
        for laptop in 1..SHOPS {
            assert_eq!(
                contents[laptop], contents[0],
                "order {order:?}: laptop {laptop}'s library differs from laptop 0's"
            );
        }
        for library in &libraries {
            assert!(
                library.duplicates().is_empty(),
                "order {order:?}: one person each"
            );
            assert!(library.library_conflicts().expect("conflicts").is_empty());
        }
        let tables: Vec<SeasonView> = libraries
            .iter()
            .map(|l| exchange::league(RULES, &[], l).expect("league"))
            .collect();
        for table in &tables {
            assert_eq!(table.events.len(), SHOPS * EVENTS_PER_SHOP);
            assert_eq!(rows(table), rows(&tables[0]), "order {order:?}");
        }
        leagues.push(rows(&tables[0]));
        people.push(libraries[0].len());
        drop(copy);
    }
    // One laptop that ran all sixty events: the same table.
    let one = world.root.path().join("one laptop");
    let mut all = Library::open(&one.join("players.tklibrary")).expect("one");
    let outbox = one.join("outbox");
    std::fs::create_dir_all(&outbox).expect("dir");
    let written = exchange::export(&mut all, &outbox, NOW).expect("export");
    assert_eq!(written.events, (SHOPS * EVENTS_PER_SHOP) as u32);
    let alone = rows(&exchange::league(RULES, &[], &all).expect("league"));
    for (order, table) in orders.iter().zip(&leagues) {
        assert_eq!(table, &alone, "order {order:?} against the one laptop");
    }
    // The same people as the one laptop's library: every traveller is one person.
    assert!(alone.len() > 20);
    for count in people {
        assert_eq!(count, all.len());
    }
    eprintln!("six orders in {:.1?}", started.elapsed());
}

#[test]
fn a_tampered_or_cut_bundle_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let shop = dir.path().join("a");
    std::fs::create_dir_all(&shop).expect("dir");
    let mut a = Library::open_or_create(&shop.join("players.tklibrary")).expect("a");
    let path = shop.join("weekly.tkevent");
    let players = run_event(&path, 0, 1);
    register(&mut a, &path, &players);
    let outbox = dir.path().join("outbox");
    std::fs::create_dir_all(&outbox).expect("dir");
    exchange::export(&mut a, &outbox, NOW).expect("export");
    let (name, bytes) = bundles(&outbox).remove(0);

    let other = dir.path().join("b");
    std::fs::create_dir_all(&other).expect("dir");
    let mut b = Library::open_or_create(&other.join("players.tklibrary")).expect("b");
    let key = a.shop().expect("shop").key;
    b.trust(&key, "A", NOW).expect("trust");
    let before = b.shared_contents().expect("contents");
    let inbox = dir.path().join("inbox");
    std::fs::create_dir_all(&inbox).expect("dir");
    // Every kind of damage: a byte changed in the middle, in an event, at the end.
    for at in [bytes.len() / 2, 200, bytes.len() - 1] {
        let mut changed = bytes.clone();
        changed[at] ^= 0x20;
        std::fs::write(inbox.join(&name), &changed).expect("write");
        let taken = exchange::import(&mut b, &inbox, NOW).expect("import");
        assert_eq!(
            taken.bundles[0].outcome,
            BundleOutcome::Tampered,
            "byte {at}"
        );
        assert_eq!(taken.bundles[0].said.key, "exchange.bundle.tampered");
        assert_eq!(b.shared_contents().expect("contents"), before);
        assert!(b.shared_events().expect("events").is_empty());
    }
    // A folder named like a bundle is left as it is, and a file over 1 GiB (sparse here) is
    // said to be too large, unread; the bundle beside them is still taken.
    std::fs::create_dir_all(inbox.join("old.tkbundle")).expect("dir");
    std::fs::File::create(inbox.join("huge.tkbundle"))
        .and_then(|huge| huge.set_len((1 << 30) + 1))
        .expect("a sparse file");
    // The stick pulled out half way: refused, then the whole copy imports.
    std::fs::write(inbox.join(&name), &bytes[..bytes.len() / 2]).expect("write");
    let taken = exchange::import(&mut b, &inbox, NOW).expect("import");
    assert_eq!(taken.bundles[0].outcome, BundleOutcome::CutShort);
    assert_eq!(taken.bundles.len(), 2, "{taken:?}");
    assert_eq!(taken.bundles[1].outcome, BundleOutcome::TooLarge);
    assert_eq!(taken.bundles[1].said.key, "exchange.bundle.too-large");
    assert!(inbox.join("old.tkbundle").is_dir());
    assert_eq!(b.shared_contents().expect("contents"), before);
    std::fs::write(inbox.join(&name), &bytes).expect("write");
    let taken = exchange::import(&mut b, &inbox, NOW).expect("import");
    assert_eq!(taken.bundles[0].outcome, BundleOutcome::Taken);
    assert_eq!(taken.events, 1);
    assert_eq!(b.len(), 8);
    assert_eq!(
        b.shared_contents().expect("contents"),
        a.shared_contents().expect("contents")
    );
}

/// A shop folder with its library, named, trusting the shops given.
fn laptop(root: &Path, name: &str) -> Library {
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).expect("dir");
    let mut library = Library::open_or_create(&dir.join("players.tklibrary")).expect("library");
    library.set_shop_name(name).expect("name");
    library
}

fn send(library: &mut Library, outbox: &Path) {
    std::fs::create_dir_all(outbox).expect("dir");
    exchange::export(library, outbox, NOW).expect("export");
}

#[test]
fn season_rules_name_which_shops_count() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let (mut a, mut b, mut c) = (laptop(root, "A"), laptop(root, "B"), laptop(root, "C"));
    for (shop, library) in [(0, &mut a), (1, &mut b)] {
        let path = root.join(format!("event{shop}.tkevent"));
        let players = run_event(&path, shop, 3);
        register(library, &path, &players);
        send(library, &root.join(format!("outbox{shop}")));
    }
    let (ka, kb) = (a.shop().expect("a").key, b.shop().expect("b").key);
    c.trust(&ka, "A", NOW).expect("trust");
    c.trust(&kb, "B", NOW).expect("trust");
    for shop in 0..2 {
        exchange::import(&mut c, &root.join(format!("outbox{shop}")), NOW).expect("import");
    }
    let every = exchange::league(RULES, &[], &c).expect("league");
    assert_eq!(every.events.len(), 2);
    let only_a = format!(
        "{RULES}\nshops = [\"{}\"]\n",
        fingerprint(&ka).to_lowercase()
    );
    let season = exchange::league(&only_a, &[], &c).expect("league of A");
    assert_eq!(season.events.len(), 1);
    assert_eq!(season.events[0].name, "Shop 0 weekly 3");
    let wrong = format!("{RULES}\nshops = [\"Shop A\"]\n");
    let refused = exchange::league(&wrong, &[], &c).expect_err("not a fingerprint");
    assert_eq!(
        refused.to_view().kind,
        tablekeeper_words::ErrorKind::InvalidSeason
    );
}

#[test]
fn the_same_event_twice_and_a_change_to_a_removed_player_are_said_not_picked() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let (mut a, mut b, mut c) = (laptop(root, "A"), laptop(root, "B"), laptop(root, "C"));
    let (ka, kb) = (a.shop().expect("a").key, b.shop().expect("b").key);
    b.trust(&ka, "A", NOW).expect("trust");
    c.trust(&ka, "A", NOW).expect("trust");
    c.trust(&kb, "B", NOW).expect("trust");
    a.trust(&kb, "B", NOW).expect("trust");
    // A runs an event; B holds a copy of it that B changed (a third round played there).
    let path = root.join("A").join("weekly.tkevent");
    let players = run_event(&path, 0, 5);
    register(&mut a, &path, &players);
    let copy = root.join("B").join("weekly copy.tkevent");
    std::fs::copy(&path, &copy).expect("copy");
    {
        let mut session = Session::open(&copy).expect("open the copy");
        session.set_planned_rounds(3).expect("a third round");
        support::play_round(&mut session, 99);
    }
    register(&mut b, &copy, &players);
    // B shares its copy before it hears of A's (a shop never sends an event it took from
    // another; this one it holds as its own).
    send(&mut b, &root.join("outboxB"));
    // A adds a regular who asks to be removed; B, having heard of them, corrects their name
    // after making changes of its own (so its correction comes after A's removal).
    let regular = a
        .add(
            &LibraryDetails {
                person: PlayerDetails {
                    name: "Kenji".into(),
                    ..PlayerDetails::default()
                },
                note: None,
                ..Default::default()
            },
            NOW,
        )
        .expect("add");
    send(&mut a, &root.join("outboxA"));
    exchange::import(&mut b, &root.join("outboxA"), NOW).expect("B takes A");
    let kenji = b.find("Kenji", 1).expect("find").remove(0);
    for n in 0..5 {
        b.add(
            &LibraryDetails {
                person: PlayerDetails {
                    name: format!("B regular {n}"),
                    ..PlayerDetails::default()
                },
                note: None,
                ..Default::default()
            },
            NOW,
        )
        .expect("add");
    }
    let mut corrected = kenji.details.clone();
    corrected.person.name = "Kenji Sato".into();
    b.edit(kenji.number, &corrected).expect("edit");
    a.remove(regular.number).expect("remove");
    send(&mut a, &root.join("outboxA"));
    send(&mut b, &root.join("outboxB"));

    exchange::import(&mut c, &root.join("outboxA"), NOW).expect("C takes A");
    let taken = exchange::import(&mut c, &root.join("outboxB"), NOW).expect("C takes B");
    let keys: Vec<&str> = taken.conflicts.iter().map(|m| m.key.as_str()).collect();
    assert!(
        keys.contains(&"exchange.conflict.event-differs"),
        "{keys:?}"
    );
    assert!(
        keys.contains(&"exchange.conflict.change-to-removed"),
        "{keys:?}"
    );
    let status = exchange::status(&c).expect("status");
    assert_eq!(status.conflicts.len(), 2, "{:?}", status.conflicts);
    // Neither is picked silently: the removed player stays removed everywhere, and the
    // league counts one copy of the event (the same one on every laptop).
    assert!(c.find("Kenji", 5).expect("find").is_empty());
    let league = exchange::league(RULES, &[], &c).expect("league");
    assert_eq!(league.events.len(), 1);
    exchange::import(&mut a, &root.join("outboxB"), NOW).expect("A takes B");
    exchange::import(&mut b, &root.join("outboxA"), NOW).expect("B takes A again");
    for other in [&a, &b] {
        assert_eq!(
            other.shared_contents().expect("contents"),
            c.shared_contents().expect("contents")
        );
        assert_eq!(
            rows(&exchange::league(RULES, &[], other).expect("league")),
            rows(&league)
        );
    }
    // The removed player's name is in no library file any more, the journal included (even
    // B's correction, made before B heard of the removal).
    for name in ["A", "B", "C"] {
        let raw = std::fs::read(root.join(name).join("players.tklibrary")).expect("bytes");
        assert!(
            !raw.windows(b"Kenji".len()).any(|w| w == b"Kenji"),
            "{name}'s library still holds the removed player's name"
        );
    }
    // Taking the old bundles again changes nothing and is no conflict.
    let again = exchange::import(&mut c, &root.join("outboxB"), NOW).expect("again");
    assert!(again.conflicts.is_empty(), "{:?}", again.conflicts);
}

#[test]
fn a_trusted_shops_bundle_still_gets_the_desks_checks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let (mut a, mut b) = (laptop(root, "A"), laptop(root, "B"));
    b.trust(&a.shop().expect("a").key, "A", NOW).expect("trust");
    // A's library was written around the desk (a name with a bell character in it).
    a.add(
        &LibraryDetails {
            person: PlayerDetails {
                name: "Ring\u{7}ing".into(),
                ..PlayerDetails::default()
            },
            note: None,
            ..Default::default()
        },
        NOW,
    )
    .expect("added below the desk");
    send(&mut a, &root.join("outbox"));
    let taken = exchange::import(&mut b, &root.join("outbox"), NOW).expect("import");
    assert_eq!(
        taken.bundles[0].outcome,
        BundleOutcome::Refused,
        "{taken:?}"
    );
    assert_eq!(taken.bundles[0].said.key, "exchange.bundle.refused");
    assert!(b.is_empty(), "nothing of it was taken");
}

#[test]
fn a_library_moved_by_export_cannot_sign_for_its_shop_and_becomes_a_new_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let mut a = laptop(root, "A");
    let unsent = a
        .add(
            &LibraryDetails {
                person: PlayerDetails {
                    name: "Mika".into(),
                    ..PlayerDetails::default()
                },
                note: None,
                ..Default::default()
            },
            NOW,
        )
        .expect("add");
    let moved = root.join("new laptop").join("players.tklibrary");
    std::fs::create_dir_all(moved.parent().expect("folder")).expect("dir");
    a.export(&moved).expect("export");
    // The copy holds no secret key.
    let raw = std::fs::read(&moved).expect("bytes");
    let key = a.signing_key().expect("key").expect("A signs").to_bytes();
    assert!(
        !raw.windows(32).any(|w| w == key),
        "the secret key left with the copy"
    );
    // Opened on the new laptop, it is a new shop whose first bundle carries what A had not
    // sent yet, and another shop takes it once it trusts the new fingerprint.
    let mut copy = Library::open(&moved).expect("open the copy");
    let new_shop = copy.shop().expect("shop");
    assert_ne!(new_shop.key, a.shop().expect("a").key);
    send(&mut copy, &root.join("outbox"));
    let mut b = laptop(root, "B");
    b.trust(&new_shop.key, "A moved", NOW).expect("trust");
    let taken = exchange::import(&mut b, &root.join("outbox"), NOW).expect("import");
    assert_eq!(taken.bundles[0].outcome, BundleOutcome::Taken, "{taken:?}");
    assert_eq!(
        b.find("Mika", 1).expect("find")[0].details.person.name,
        unsent.details.person.name
    );
}

#[test]
fn a_player_no_shop_linked_is_suggested_and_the_confirmed_match_travels() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let (mut a, mut b) = (laptop(root, "A"), laptop(root, "B"));
    a.trust(&b.shop().expect("b").key, "B", NOW).expect("trust");
    b.trust(&a.shop().expect("a").key, "A", NOW).expect("trust");
    // B knows Hana (katakana reading) and a regular by publisher ID.
    for (name, reading, id) in [
        ("Hana Sato", Some("サトウ ハナ"), None),
        ("Ken Ito", None, Some("0000100077")),
    ] {
        b.add(
            &LibraryDetails {
                person: PlayerDetails {
                    name: name.into(),
                    reading: reading.map(str::to_string),
                    publisher_id: id.map(str::to_string),
                    ..PlayerDetails::default()
                },
                note: None,
                ..Default::default()
            },
            NOW,
        )
        .expect("add");
    }
    // A's event: two of its players were never put in A's library (typed at the desk of an
    // older version): Hana, with her reading in hiragana, and Ken with his ID.
    let path = root.join("A").join("weekly.tkevent");
    let mut players = vec![
        PlayerDetails {
            name: "Hana Sato".into(),
            reading: Some("さとう はな".into()),
            ..PlayerDetails::default()
        },
        PlayerDetails {
            name: "Ken Ito".into(),
            publisher_id: Some("0000100077".into()),
            ..PlayerDetails::default()
        },
    ];
    players.extend((3..=8).map(|n| PlayerDetails {
        name: format!("A regular {n}"),
        ..PlayerDetails::default()
    }));
    run_event_of(&path, "A weekly", 77, &players);
    let linked = support::registered(&path, &players)
        .into_iter()
        .skip(2)
        .collect();
    a.link(linked, NOW).expect("linked");
    send(&mut a, &root.join("outboxA"));
    exchange::import(&mut b, &root.join("outboxA"), NOW).expect("import");
    // Ken is B's by his publisher ID; Hana is suggested (her reading folds kana kinds alike).
    let waiting = exchange::unmatched(&b).expect("unmatched");
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0].person.name, "Hana Sato");
    let suggested = &waiting[0].suggestions[0];
    assert_eq!(suggested.person.name, "Hana Sato");
    let number = exchange::confirm(
        &mut b,
        &waiting[0].event,
        waiting[0].player,
        Some(suggested.number),
        NOW,
    )
    .expect("confirm");
    assert_eq!(number, suggested.number);
    assert!(exchange::unmatched(&b).expect("unmatched").is_empty());
    // The confirmation travels: A's library now has Hana (as B knows her) in its event.
    send(&mut b, &root.join("outboxB"));
    exchange::import(&mut a, &root.join("outboxB"), NOW).expect("import");
    assert_eq!(
        a.shared_contents().expect("a"),
        b.shared_contents().expect("b")
    );
    let league = exchange::league(RULES, &[], &a).expect("league");
    assert_eq!(
        rows(&league),
        rows(&exchange::league(RULES, &[], &b).expect("league"))
    );
}

/// A person of the library by name, and the events the library has them playing.
fn history(library: &Library, name: &str) -> Vec<tablekeeper_store::library::Appearance> {
    let person = library.find(name, 1).expect("find").remove(0);
    library.appearances(person.number).expect("appearances")
}

/// docs/exchange.md, "What a bundle holds": a shop sends only the events it ran (every
/// event keeps the shop that ran it, on every laptop, and taking a bundle never gives a
/// shop something new to send of another's); a registration that arrived before its event
/// reads the event once it comes; a shop's own shared event links its players by
/// publisher ID at once.
#[test]
fn a_shop_sends_only_the_events_it_ran() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let mut shops = [laptop(root, "A"), laptop(root, "B"), laptop(root, "C")];
    let keys: Vec<String> = shops.iter().map(|s| s.shop().expect("shop").key).collect();
    for (i, shop) in shops.iter_mut().enumerate() {
        for (j, key) in keys.iter().enumerate() {
            if i != j {
                shop.trust(key, &format!("Shop {j}"), NOW).expect("trust");
            }
        }
    }
    let [a, b, c] = &mut shops;
    // A's library knows Ken by his publisher ID; A's event registers him without a link
    // (typed at the desk), the others linked. The event is still running at A's first
    // export: its registrations travel before it.
    a.add(
        &LibraryDetails {
            person: PlayerDetails {
                name: "Ken Ito".into(),
                publisher_id: Some("0000100077".into()),
                ..PlayerDetails::default()
            },
            note: None,
            ..Default::default()
        },
        NOW,
    )
    .expect("add");
    let mut players = vec![PlayerDetails {
        name: "Ken Ito".into(),
        publisher_id: Some("0000100077".into()),
        ..PlayerDetails::default()
    }];
    players.extend((2..=8).map(|n| PlayerDetails {
        name: format!("A regular {n}"),
        ..PlayerDetails::default()
    }));
    let path = root.join("A").join("weekly.tkevent");
    run_event_of(&path, "A weekly", 5, &players);
    Session::open(&path)
        .expect("open")
        .set_planned_rounds(3)
        .expect("a third round to come");
    let linked = support::registered(&path, &players)
        .into_iter()
        .skip(1)
        .collect();
    a.link(linked, NOW).expect("linked");
    let outbox = |name: &str| root.join(format!("outbox{name}"));
    for name in ["A", "B", "C"] {
        std::fs::create_dir_all(outbox(name)).expect("outbox");
    }
    let first = exchange::export(a, &outbox("A"), NOW).expect("export");
    assert_eq!((first.events, first.not_over), (0, 1), "{first:?}");
    exchange::import(b, &outbox("A"), NOW).expect("B takes A");
    assert!(history(b, "A regular 2")[0].file.as_os_str().is_empty());
    // The event ends; A sends it, and its own shared event counts Ken by his ID at once.
    {
        let mut session = Session::open(&path).expect("open");
        support::play_round(&mut session, 6);
    }
    let second = exchange::export(a, &outbox("A"), NOW).expect("export");
    assert_eq!(second.events, 1, "{second:?}");
    assert!(
        exchange::unmatched(a).expect("unmatched").is_empty(),
        "A's own player is linked by publisher ID"
    );
    assert_eq!(history(a, "Ken Ito").len(), 1);
    exchange::import(b, &outbox("A"), NOW).expect("B takes A again");
    let copy = &history(b, "A regular 2")[0].file;
    assert!(
        copy.exists(),
        "the history reads the copy that came after: {copy:?}"
    );
    // B adds a regular and sends: its bundle holds that change, not A's event.
    b.add(
        &LibraryDetails {
            person: PlayerDetails {
                name: "B regular".into(),
                ..PlayerDetails::default()
            },
            note: None,
            ..Default::default()
        },
        NOW,
    )
    .expect("add");
    let sent = exchange::export(b, &outbox("B"), NOW).expect("export");
    assert_eq!((sent.events, sent.changes), (0, 1), "{sent:?}");
    // Nothing new to send after that, however often bundles come and go.
    for _ in 0..2 {
        exchange::import(c, &outbox("A"), NOW).expect("C takes A");
        exchange::import(c, &outbox("B"), NOW).expect("C takes B");
        let taken = exchange::import(a, &outbox("B"), NOW).expect("A takes B");
        assert!(taken.conflicts.is_empty(), "{:?}", taken.conflicts);
        for (library, name) in [(&mut *b, "B"), (&mut *c, "C")] {
            let again = exchange::export(library, &outbox(name), NOW).expect("export");
            assert_eq!(
                again.events, 0,
                "{name} sent another shop's event: {again:?}"
            );
        }
        assert!(
            exchange::export(a, &outbox("A"), NOW)
                .expect("export")
                .written
                .is_none()
        );
    }
    // Every laptop holds the event once, as A's.
    for library in [&*a, &*b, &*c] {
        let shared = library.shared_events().expect("shared");
        assert_eq!(shared.len(), 1, "{shared:?}");
        assert_eq!(shared[0].shop, keys[0]);
    }
}

/// docs/library.md, "Removed on request": the name does not stay — not in the journal,
/// not in the shared events' players on any laptop, not in a `library export` copy — and a
/// removed person is never offered again as a player to match.
#[test]
fn a_removed_person_leaves_every_laptops_shared_events_and_is_never_offered_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let (mut a, mut b) = (laptop(root, "A"), laptop(root, "B"));
    a.trust(&b.shop().expect("b").key, "B", NOW).expect("trust");
    b.trust(&a.shop().expect("a").key, "A", NOW).expect("trust");
    let mut players = vec![PlayerDetails {
        name: "Yuki Mori".into(),
        reading: Some("モリ ユキ".into()),
        ..PlayerDetails::default()
    }];
    players.extend((2..=8).map(|n| PlayerDetails {
        name: format!("A regular {n}"),
        ..PlayerDetails::default()
    }));
    let path = root.join("A").join("weekly.tkevent");
    run_event_of(&path, "A weekly", 9, &players);
    register(&mut a, &path, &players);
    send(&mut a, &root.join("outboxA"));
    exchange::import(&mut b, &root.join("outboxA"), NOW).expect("B takes A");
    let yuki = a.find("Yuki Mori", 1).expect("find").remove(0);
    a.remove(yuki.number).expect("removed on request");
    send(&mut a, &root.join("outboxA"));
    exchange::import(&mut b, &root.join("outboxA"), NOW).expect("B takes the removal");
    let exported = root.join("copy.tklibrary");
    b.export(&exported).expect("library export");
    // A laptop that hears of the event only now (after the removal) keeps no name either.
    let mut late = laptop(root, "Late");
    late.trust(&a.shop().expect("a").key, "A", NOW)
        .expect("trust");
    exchange::import(&mut late, &root.join("outboxA"), NOW).expect("late takes A");
    for (name, library) in [("A", &a), ("B", &b), ("Late", &late)] {
        assert!(
            exchange::unmatched(library).expect("unmatched").is_empty(),
            "{name} offers the removed person again"
        );
    }
    drop((a, b, late));
    for file in [
        root.join("A").join("players.tklibrary"),
        root.join("B").join("players.tklibrary"),
        root.join("Late").join("players.tklibrary"),
        exported,
    ] {
        let raw = std::fs::read(&file).expect("bytes");
        for word in ["Yuki Mori", "モリ ユキ"] {
            assert!(
                !raw.windows(word.len()).any(|w| w == word.as_bytes()),
                "{file:?} still holds {word}"
            );
        }
    }
}
