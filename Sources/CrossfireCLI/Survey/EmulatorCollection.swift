import Crossfire
import FirestoreEmulator
import FirestoreJSON
import FirestoreModel
import Foundation

/// The collection `crossfire survey --emulator [HOST:PORT] --collection PATH` surveys: listed
/// through the emulator's REST API, every page, as one input. The emulator is the one
/// `HOST:PORT` names, else the one `FIRESTORE_EMULATOR_HOST` names, else one started for the
/// survey and stopped at its end.
struct EmulatorCollection {
    /// The collection's path (`cards`, `users/u1/cards`).
    let path: String
    /// The emulator's address as given (`--emulator HOST:PORT`); nil: the environment's, or a new one.
    let host: EmulatorHost?
    /// The project the collection is in (`--project`, else `GCLOUD_PROJECT`); nil: the
    /// started emulator's own.
    let project: String?

    /// How long a request to an emulator the survey did not start may wait for an answer
    /// before the survey says it is unreachable (a refused connection is said at once).
    static let requestTimeout: TimeInterval = 30
    /// The same for an emulator started for the survey, whose first request warms its JVM.
    static let startedRequestTimeout: TimeInterval = 120
    /// The environment variable the Firebase tools name an emulator's project with.
    static let projectVariable = "GCLOUD_PROJECT"

    /// Reads `--emulator`, `--collection` and `--project`; nil when `--emulator` is not given.
    init?(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        guard arguments.given("--emulator") else {
            guard arguments.value("--collection") == nil, arguments.value("--project") == nil else {
                throw UsageError(message: "--collection and --project go with --emulator")
            }
            return nil
        }
        guard let path = arguments.value("--collection") else { throw UsageError(message: "--emulator needs --collection PATH") }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count % 2 == 1, !segments.contains(where: \.isEmpty) else {
            throw UsageError(message: "--collection \(OneLine.escaped(path)) is not a collection's path (expected an odd number of non-empty segments: cards, users/u1/cards)")
        }
        self.path = path
        if let text = arguments.value("--emulator") {
            guard let given = try? EmulatorHost(parsing: text) else {
                throw UsageError(message: "--emulator \(OneLine.escaped(text)) is not HOST:PORT (expected e.g. 127.0.0.1:8080)")
            }
            host = given
        } else {
            do {
                host = try EmulatorHost.configured(in: environment)
            } catch {
                throw UsageError(message: OneLine.escaped(error.description))
            }
        }
        project = arguments.value("--project") ?? environment[Self.projectVariable].flatMap { $0.isEmpty ? nil : $0 }
        if host != nil, project == nil {
            throw UsageError(message: "name the collection's project: --project ID (or \(Self.projectVariable))")
        }
    }

    /// Lists the collection and hands it to `survey` as one input named
    /// `emulator HOST:PORT projects/P/databases/(default)/documents/PATH`; a started emulator is
    /// stopped afterwards. An emulator that cannot be reached or started, or an answer that cannot
    /// be read, is the one line of a failure.
    func surveyed<Result>(_ survey: (SurveyInput) -> Result) throws(CommandFailure) -> Result {
        if let host, let project {
            return try listed(FirestoreRESTClient(host: host, database: DatabaseID(projectID: project), timeout: Self.requestTimeout), survey)
        }
        let emulator: FirestoreEmulator
        do {
            emulator = try FirestoreEmulator.start()
        } catch {
            throw CommandFailure(message: OneLine.escaped(error.description))
        }
        defer { emulator.stop() }
        return try listed(FirestoreRESTClient(host: emulator.host, database: DatabaseID(projectID: project ?? emulator.projectID),
                                              timeout: Self.startedRequestTimeout), survey)
    }

    /// The collection listed through `client`, surveyed; a request that fails is the failure's
    /// one line, naming the emulator.
    private func listed<Result>(_ client: FirestoreRESTClient, _ survey: (SurveyInput) -> Result) throws(CommandFailure) -> Result {
        do {
            return survey(try input(from: client))
        } catch {
            throw CommandFailure(message: OneLine.escaped("the Firestore emulator at \(client.host): \(error.description)"))
        }
    }

    private func input(from client: FirestoreRESTClient) throws(EmulatorError) -> SurveyInput {
        SurveyInput(name: "emulator \(client.host) \(client.database.resourceName)/documents/\(path)",
                    file: try client.listFile(collection: path))
    }
}
