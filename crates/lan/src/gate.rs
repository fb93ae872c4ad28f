//! Connection slots, shared fairly among devices (each address one device). At most
//! [`CONNECTIONS`] are open in all and [`CONNECTIONS_PER_CLIENT`] per device; when every slot is taken, a device holding
//! fewer connections than the busiest one still gets in: the busiest device's idlest
//! connection (the one whose last request is oldest, or that never sent a whole request)
//! is closed to make room. A few addresses holding idle or slow connections therefore can
//! never shut a phone out: a device only ever gives way to one holding fewer than itself,
//! so an attacker reconnecting cannot take a phone's place back.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::Notify;

use crate::limits::{CONNECTIONS, CONNECTIONS_PER_CLIENT};
use crate::shared::lock;

/// The open connections.
#[derive(Clone)]
pub(crate) struct Gate {
    slots: Arc<Mutex<Slots>>,
    epoch: Instant,
}

#[derive(Default)]
struct Slots {
    total: usize,
    next_id: u64,
    by_device: HashMap<IpAddr, Vec<(u64, Arc<Activity>)>>,
}

/// What the gate knows of one connection while it is open: when it last brought a request,
/// and the signal that closes it to make room for another device.
pub(crate) struct Activity {
    epoch: Instant,
    /// Milliseconds from the gate's start to the last request (or the connection's start).
    last: AtomicU64,
    evicted: Notify,
}

impl Activity {
    fn new(epoch: Instant) -> Activity {
        let activity = Activity {
            epoch,
            last: AtomicU64::new(0),
            evicted: Notify::new(),
        };
        activity.touch();
        activity
    }

    /// A whole request arrived on the connection.
    pub fn touch(&self) {
        let now = u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last.store(now, Ordering::Relaxed);
    }

    fn last(&self) -> u64 {
        self.last.load(Ordering::Relaxed)
    }

    /// Resolves when the gate closes this connection for another device.
    pub async fn evicted(&self) {
        self.evicted.notified().await;
    }

    /// An activity for a connection no gate counts (the test harness).
    pub fn untracked() -> Arc<Activity> {
        Arc::new(Activity::new(Instant::now()))
    }
}

/// One admitted connection; dropping it frees its slot.
pub(crate) struct Ticket {
    slots: Arc<Mutex<Slots>>,
    device: IpAddr,
    id: u64,
    activity: Arc<Activity>,
}

impl Ticket {
    pub fn activity(&self) -> Arc<Activity> {
        Arc::clone(&self.activity)
    }
}

impl Default for Gate {
    fn default() -> Self {
        Gate {
            slots: Arc::default(),
            epoch: Instant::now(),
        }
    }
}

impl Gate {
    /// A slot for a connection from `client`, or `None` (its device holds its share, or
    /// every slot is held by devices holding no more than it would).
    pub fn admit(&self, client: IpAddr) -> Option<Ticket> {
        // Each address its own share (an IPv4 phone reaching a dual-stack server as
        // `::ffff:a.b.c.d` is that IPv4 address): on a shop's IPv6 network every phone shares
        // one /64, so a network is no device here.
        let device = client.to_canonical();
        let mut slots = lock(&self.slots);
        let mine = slots.by_device.get(&device).map_or(0, Vec::len);
        if mine >= CONNECTIONS_PER_CLIENT {
            return None;
        }
        if slots.total >= CONNECTIONS && !slots.make_room_for(mine) {
            return None;
        }
        slots.next_id += 1;
        let id = slots.next_id;
        let activity = Arc::new(Activity::new(self.epoch));
        slots
            .by_device
            .entry(device)
            .or_default()
            .push((id, Arc::clone(&activity)));
        slots.total += 1;
        Some(Ticket {
            slots: Arc::clone(&self.slots),
            device,
            id,
            activity,
        })
    }

    /// How many connections `client`'s device holds (for tests).
    #[cfg(test)]
    fn held_by(&self, client: IpAddr) -> usize {
        lock(&self.slots)
            .by_device
            .get(&client.to_canonical())
            .map_or(0, Vec::len)
    }
}

impl Slots {
    /// Closes the idlest connection of the busiest device when it holds more than a device
    /// holding `mine` would after being let in; whether room was made.
    fn make_room_for(&mut self, mine: usize) -> bool {
        let Some((&busiest, held)) = self
            .by_device
            .iter()
            .max_by_key(|(_, connections)| connections.len())
        else {
            return false;
        };
        if held.len() <= mine + 1 {
            return false;
        }
        let Some(idlest) = held
            .iter()
            .enumerate()
            .min_by_key(|(_, (_, activity))| activity.last())
            .map(|(at, _)| at)
        else {
            return false;
        };
        let Some(connections) = self.by_device.get_mut(&busiest) else {
            return false;
        };
        let (_, activity) = connections.swap_remove(idlest);
        if connections.is_empty() {
            self.by_device.remove(&busiest);
        }
        self.total = self.total.saturating_sub(1);
        // A stored permit: the connection closes even if it is not waiting yet.
        activity.evicted.notify_one();
        true
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut slots = lock(&self.slots);
        let Some(connections) = slots.by_device.get_mut(&self.device) else {
            return;
        };
        // An evicted connection's slot was freed when it was evicted.
        let Some(at) = connections.iter().position(|(id, _)| *id == self.id) else {
            return;
        };
        connections.swap_remove(at);
        if connections.is_empty() {
            slots.by_device.remove(&self.device);
        }
        slots.total = slots.total.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(n: u32) -> IpAddr {
        IpAddr::from((0x7f00_0000u32 + n).to_be_bytes())
    }

    #[test]
    fn a_new_device_gets_in_when_a_few_devices_hold_every_slot() {
        let gate = Gate::default();
        let devices = CONNECTIONS / CONNECTIONS_PER_CLIENT + 1;
        let mut held = Vec::new();
        for n in 0..devices as u32 {
            while let Some(ticket) = gate.admit(address(10 + n)) {
                held.push(ticket);
            }
        }
        assert_eq!(lock(&gate.slots).total, CONNECTIONS);
        let phone = gate.admit(address(1)).expect("a new device gets a slot");
        assert_eq!(gate.held_by(address(1)), 1);
        assert_eq!(lock(&gate.slots).total, CONNECTIONS);
        // The busiest device gave way, and cannot take the slot back from the phone.
        let busiest = (0..devices as u32)
            .map(|n| gate.held_by(address(10 + n)))
            .max()
            .unwrap_or(0);
        let reopening = (0..devices as u32)
            .map(|n| address(10 + n))
            .find(|a| gate.held_by(*a) < busiest)
            .expect("a device that gave way");
        assert!(gate.admit(reopening).is_none());
        assert_eq!(gate.held_by(address(1)), 1);
        drop(phone);
        assert_eq!(gate.held_by(address(1)), 0);
        assert_eq!(lock(&gate.slots).total, CONNECTIONS - 1);
        drop(held);
        assert_eq!(lock(&gate.slots).total, 0);
    }

    #[test]
    fn the_idlest_connection_gives_way_and_is_told() {
        let gate = Gate::default();
        let first = gate.admit(address(2)).expect("first");
        std::thread::sleep(std::time::Duration::from_millis(5));
        let mut held = Vec::new();
        while let Some(ticket) = gate.admit(address(2)) {
            held.push(ticket);
        }
        for ticket in &held {
            ticket.activity().touch();
        }
        let mut others = Vec::new();
        let mut n = 0;
        while lock(&gate.slots).total < CONNECTIONS {
            n += 1;
            for _ in 0..CONNECTIONS_PER_CLIENT - 1 {
                if lock(&gate.slots).total == CONNECTIONS {
                    break;
                }
                others.extend(gate.admit(address(100 + n)));
            }
        }
        // The others hold one fewer each: the device holding most gives way first, with its
        // idlest connection (`first`, which never brought a request).
        let _phone = gate.admit(address(3)).expect("a new device gets a slot");
        let evicted = first.activity();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("runtime");
        let told = runtime.block_on(async {
            tokio::time::timeout(std::time::Duration::from_millis(100), evicted.evicted())
                .await
                .is_ok()
        });
        assert!(told, "the idlest connection is told to close");
    }
}
