extension String {
    /// Whether the two strings have the same Unicode code points, that is the same UTF-8
    /// bytes: how Firestore compares keys and strings. (`==` compares canonical equivalence,
    /// so `"é"` equals `"e\u{301}"` there, not here.)
    ///
    /// Compares the lengths first and then the bytes in place; only a string without
    /// contiguous UTF-8 storage is walked through its `utf8` view.
    @inline(__always)
    func hasSameCodePoints(as other: String) -> Bool {
        let bytes = utf8
        let otherBytes = other.utf8
        guard bytes.count == otherBytes.count else { return false }
        let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
            otherBytes.withContiguousStorageIfAvailable { otherBuffer in buffer.elementsEqual(otherBuffer) }
        }
        guard let equal = inPlace ?? nil else { return bytes.elementsEqual(otherBytes) }
        return equal
    }
}
