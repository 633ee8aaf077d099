/// The machine the package runs on, as its default concurrency needs it.
package enum Machine {
    /// The number of cores online: how many threads read sets, check images or plan devices at
    /// once unless a caller (or `--jobs`) says otherwise.
    ///
    /// ```swift
    /// let reports = paths.concurrentMap(concurrency: Machine.coreCount) { inspector.inspect(file: $0) }
    /// ```
    package static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
