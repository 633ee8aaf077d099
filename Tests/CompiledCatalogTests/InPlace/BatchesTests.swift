import AdaptSupport
import Testing

/// `Array.inBatches`, which fills the reader's records and renditions on every core: each
/// element in its place, and on failure the error of the earliest position, with nothing kept.
@Suite struct BatchesTests {
    struct Failure: Error, Equatable { let position: Int }

    @Test(arguments: [0, 1, 1_023, 1_024, 1_025, 10_000])
    func everyElementLandsInItsPlace(count: Int) {
        let made = [Int].inBatches(of: count, batch: 1_024, concurrency: 2) { $0 * 3 }
        #expect(made == (0..<count).map { $0 * 3 })
    }

    @Test func theEarliestFailingPositionIsTheErrorThrown() {
        // Positions 5,000 and 9,000 fail in different batches; whichever thread meets its failure
        // first, the error is position 5,000's.
        #expect(throws: Failure(position: 5_000)) {
            try [String].inBatches(of: 10_000, batch: 1_000, concurrency: 4) { position throws(Failure) in
                if position == 5_000 || position == 9_000 { throw Failure(position: position) }
                return String(position)
            }
        }
    }
}
