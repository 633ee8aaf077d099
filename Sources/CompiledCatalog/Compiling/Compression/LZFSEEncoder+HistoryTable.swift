import CMemoryHints
import Synchronization

extension LZFSEEncoder {
    /// Where each 4-byte value was last seen: 2^14 lines chosen by a hash of the value, each
    /// holding the 4 latest positions and their values (checking the value first spares a read
    /// of the input for most candidates). One line is 32 bytes, half a cache line.
    ///
    /// Positions are stored as 32-bit offsets from `base`, which moves forward on inputs past
    /// 1 GiB; slots that fall out of reach then hold `empty`.
    ///
    /// `@unchecked Sendable`: a table is used by one encode at a time, and moves between threads
    /// only through the pool's lock (`take`, `give`).
    final class HistoryTable: @unchecked Sendable {
        typealias Candidates = (positions: (Int, Int, Int, Int), values: (UInt32, UInt32, UInt32, UInt32))

        static let lineCount = 1 << hashBits
        /// Far enough back that no match distance check passes.
        static let empty = Int32(-4 * LZFSEBlockEncoder.maximumD)
        static let rebaseDistance = 1 << 30

        /// Per line: positions 0-3 (newest first, as Int32 bit patterns), then values 0-3.
        private let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: lineCount * 8)
        private(set) var base = 0

        init() {
            for line in 0..<Self.lineCount {
                let slot = slots + line * 8
                for way in 0..<hashWays {
                    slot[way] = UInt32(bitPattern: Self.empty)
                    slot[hashWays + way] = 0
                }
            }
        }

        deinit { slots.deallocate() }

        /// Where the next input's positions start in the table's numbering: each input starts
        /// twice D's reach past the end of the one before, so what earlier inputs left in the
        /// table is too far back to pass a match's distance check, and the table is reused
        /// without clearing its 512 KiB (a compile encodes tens of thousands of chunks).
        private(set) var origin = 0

        /// Makes the table ready for an input of `count` bytes; returns the origin to add to its
        /// positions. Cleared only when the numbering would run past what a rebase keeps in range.
        func begin(count: Int) -> Int {
            let next = origin + 2 * LZFSEBlockEncoder.maximumD
            if next - base + count >= Self.rebaseDistance {
                clear()
                return origin
            }
            origin = next
            return origin
        }

        /// Marks where the input that began at `origin` ended.
        func end(count: Int) { origin += count }

        private func clear() {
            for line in 0..<Self.lineCount {
                let slot = slots + line * 8
                for way in 0..<hashWays {
                    slot[way] = UInt32(bitPattern: Self.empty)
                    slot[hashWays + way] = 0
                }
            }
            base = 0
            origin = 0
        }

        /// Tables not in use, for the next encode on any thread: one per core in practice.
        private static let pool = Mutex<[HistoryTable]>([])

        /// A table from the pool, or a new one.
        static func take() -> HistoryTable {
            pool.withLock { $0.popLast() } ?? HistoryTable()
        }

        /// Gives `table` back to the pool (at most 16 are kept).
        static func give(_ table: HistoryTable) {
            pool.withLock { tables in if tables.count < 16 { tables.append(table) } }
        }

        /// The line of `value`: Knuth's multiplicative hash, the top bits of value * 2654435761.
        @inline(__always)
        private func line(_ value: UInt32) -> Int { Int((value &* 2_654_435_761) >> UInt32(32 - hashBits)) }

        /// Asks for the line of `value` ahead of its use: on pixels with few matches, the table
        /// (512 KiB) misses the cache at almost every position, and a third of the time went
        /// to waiting for the line.
        @inline(__always)
        func prefetch(_ value: UInt32) {
            // A hint on an address inside the table: it never faults, and reads nothing.
            adapt_prefetch(slots + line(value) * 8)
        }

        /// Records `value` at `position` and returns what its line held before.
        @inline(__always)
        func insert(_ value: UInt32, at position: Int) -> Candidates {
            // Safe: `line(value) < lineCount`, and each line has 8 slots.
            let slot = slots + line(value) * 8
            let old = Candidates(
                positions: (
                    Int(Int32(bitPattern: slot[0])) + base, Int(Int32(bitPattern: slot[1])) + base,
                    Int(Int32(bitPattern: slot[2])) + base, Int(Int32(bitPattern: slot[3])) + base
                ),
                values: (slot[4], slot[5], slot[6], slot[7]))
            slot[3] = slot[2]
            slot[2] = slot[1]
            slot[1] = slot[0]
            slot[0] = UInt32(bitPattern: Int32(truncatingIfNeeded: position - base))
            slot[7] = slot[6]
            slot[6] = slot[5]
            slot[5] = slot[4]
            slot[4] = value
            return old
        }

        /// Moves `base` forward by half the rebase distance, keeping every offset in Int32.
        func rebase() {
            let shift = Self.rebaseDistance / 2
            for line in 0..<Self.lineCount {
                let slot = slots + line * 8
                for way in 0..<hashWays {
                    let moved = Int(Int32(bitPattern: slot[way])) - shift
                    slot[way] = UInt32(bitPattern: Int32(max(moved, Int(Self.empty))))
                }
            }
            base += shift
        }
    }
}
