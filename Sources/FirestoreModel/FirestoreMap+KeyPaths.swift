/// Reading and writing nested map fields by a sequence of keys.
extension FirestoreMap {
    /// The value at `keys` (each but the last naming a map), or nil.
    func value(atKeys keys: ArraySlice<String>) -> FirestoreValue? {
        guard let first = keys.first, let value = self[first] else { return nil }
        if keys.count == 1 { return value }
        guard case .map(let child) = value else { return nil }
        return child.value(atKeys: keys.dropFirst())
    }

    /// Sets the value at `keys`, creating maps on the way and replacing any non-map there.
    mutating func setValue(_ value: FirestoreValue, atKeys keys: ArraySlice<String>) {
        guard let first = keys.first else { return }
        if keys.count == 1 {
            self[first] = value
            return
        }
        var child = FirestoreMap()
        if case .map(let existing)? = self[first] {
            child = existing
            self[first] = .null  // drop this map's reference so the child is not copied
        }
        child.setValue(value, atKeys: keys.dropFirst())
        self[first] = .map(child)
    }

    /// Removes the field at `keys`; nothing happens when a map on the way is missing.
    mutating func removeValue(atKeys keys: ArraySlice<String>) {
        guard let first = keys.first else { return }
        if keys.count == 1 {
            self[first] = nil
            return
        }
        guard case .map(var child)? = self[first] else { return }
        self[first] = .null
        child.removeValue(atKeys: keys.dropFirst())
        self[first] = .map(child)
    }
}
