import FirestoreModel

/// The path of the value being mapped, grown and shrunk as the mapper walks down and back
/// up, so that a path is only built (`ValuePath`) when an error or a default needs one.
struct PathStack {
    private var components: [ValuePath.Component] = []

    init() {
        components.reserveCapacity(16)
    }

    /// Steps one key or index down.
    mutating func push(_ component: ValuePath.Component) {
        components.append(component)
    }

    /// Steps back up (the root stays the root).
    mutating func pop() {
        _ = components.popLast()
    }

    /// The path of the current value.
    var current: ValuePath { ValuePath(components) }

    /// The path one step below the current value.
    func appending(_ component: ValuePath.Component) -> ValuePath {
        ValuePath(components + [component])
    }
}
