import FirestoreModel

/// One step into a JSON tree, and whether it is also a step in the document data (a map key
/// or array position, as opposed to `mapValue` or `fields`).
struct TreeStep {
    let component: ValuePath.Component
    let isData: Bool
}

/// Something that walks a JSON tree and tracks where it is, so that its errors can name the
/// JSON pointer and the Firestore value path. Readers and writers both adopt it.
protocol TreePosition {
    /// The steps from the root to the current node.
    var steps: [TreeStep] { get set }
    /// How many steps lead to the root of the document data, while inside it.
    var dataRoot: Int? { get set }
    /// The element of a multi-record input, if any.
    var record: Int? { get }
}

extension TreePosition {
    /// Marks the current node as the root of document data.
    mutating func startData() {
        dataRoot = steps.count
    }

    /// Marks the end of the document data.
    mutating func endData() {
        dataRoot = nil
    }

    /// Steps into an object member that is not a step in the data (`mapValue`, `fields`).
    mutating func enter(_ key: String) {
        steps.append(TreeStep(component: .key(key), isData: false))
    }

    /// Steps into an array element that is not a step in the data.
    mutating func enter(index: Int) {
        steps.append(TreeStep(component: .index(index), isData: false))
    }

    /// Steps into a member or element that is also a step in the data.
    mutating func enterData(_ component: ValuePath.Component) {
        steps.append(TreeStep(component: component, isData: true))
    }

    /// Steps back out of the last step.
    mutating func leave() {
        steps.removeLast()
    }

    /// The JSON location of the current node.
    var location: JSONLocation {
        JSONLocation(path: ValuePath(steps.map(\.component)), record: record)
    }

    /// The value path of the current node, when inside document data.
    var valuePath: ValuePath? {
        guard let dataRoot, dataRoot <= steps.count else { return nil }
        return ValuePath(steps[dataRoot...].filter(\.isData).map(\.component))
    }

    /// An error at the current node.
    func error(_ kind: FirestoreJSONError.Kind, expected: String, found: String) -> FirestoreJSONError {
        FirestoreJSONError(kind: kind, location: location, valuePath: valuePath, expected: expected, found: found)
    }
}
