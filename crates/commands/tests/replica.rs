//! A station's replica, without the network: the main laptop's rows are appended to the copy
//! only when each continues the copy's own checksum chain, so a row altered or lost on the
//! way is refused and the copy keeps its last whole state; a copy of another event is sent a
//! whole copy instead of rows.

use crate::support;

use tablekeeper_commands::Session;
use tablekeeper_commands::session::replica::{Replica, ReplicaChunk};

fn copy_of(session: &Session, replica: &mut Replica) {
    let chunk = session.replica_chunk(&replica.held()).expect("chunk");
    replica.apply(chunk).expect("stored");
}

#[test]
fn rows_altered_or_lost_on_the_way_are_refused_and_the_copy_stays_whole() {
    let dir = tempfile::tempdir().expect("tempdir");
    let station = tempfile::tempdir().expect("station");
    let mut session = support::event(&dir, "bandai", 8, 3, 5);
    let mut replica = Replica::new(station.path());
    copy_of(&session, &mut replica);
    assert_eq!(replica.held_step(), Some(session.log_step()));

    session.pair_next_round(Some(1), false).expect("pair");
    support::finish_round(&mut session, "a");
    let chunk = session.replica_chunk(&replica.held()).expect("chunk");
    assert!(
        chunk.base.is_none(),
        "a known copy gets rows, not a whole copy"
    );
    assert!(chunk.rows.len() >= 5, "the pairing and four results");
    let before = replica.held();

    // A payload altered on the way.
    let mut altered: ReplicaChunk = chunk.clone();
    altered.rows[2].payload_json = altered.rows[2].payload_json.replace("\"a\"", "\"b\"");
    assert!(replica.apply(altered).is_err());
    assert_eq!(replica.held(), before, "nothing stored");
    // A row lost on the way.
    let mut gap = chunk.clone();
    gap.rows.remove(1);
    assert!(replica.apply(gap).is_err());
    assert_eq!(replica.held(), before, "nothing stored");

    replica.apply(chunk).expect("the rows as sent");
    assert_eq!(replica.held_step(), Some(session.log_step()));
    let path = replica.path().expect("a copy").to_path_buf();
    let (copy, _) = Session::on_disk(&path).expect("the copy opens by itself");
    assert!(copy.rounds[0].is_complete());

    // Another event's copy is not taken for this one's: a whole copy is sent.
    let other_dir = tempfile::tempdir().expect("other");
    let other = support::event(&other_dir, "bandai", 4, 3, 6);
    let chunk = other.replica_chunk(&replica.held()).expect("chunk");
    assert!(chunk.base.is_some());
}
