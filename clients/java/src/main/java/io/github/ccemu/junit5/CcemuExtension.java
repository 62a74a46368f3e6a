package io.github.ccemu.junit5;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * ccemu for JUnit 5 tests. One ccemu process serves the whole JVM (started on first use, stopped
 * with the JVM); each test class, or each test with {@link CcemuExtensionBuilder#perTest()}, gets
 * an instance of its own in it: its own state, clock, journal and keys.
 *
 * <pre>{@code
 * @RegisterExtension
 * static CcemuExtension ccemu = CcemuExtension.builder().clockManual().seed(1).build();
 *
 * @Test void listsRobots() {
 *   HttpResponse<String> r = ccemu.call("POST", "/gateway/robot_list", "{\"robotStatus\":1}");
 * }
 * }</pre>
 *
 * or {@code @ExtendWith(CcemuExtension.class)} and a {@link Ccemu} parameter. Used as a
 * {@link Ccemu} itself, the extension answers for the instance of the test running now (with
 * {@code perTest()} and tests run in parallel, take the parameter instead).
 */
public final class CcemuExtension
    implements Ccemu, BeforeAllCallback, BeforeEachCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(CcemuExtension.class);

  private final InstanceSettings settings;
  private final boolean perTest;
  private final String command;
  private final Path directory;
  /** Run ccemu's image ({@link ContainerLaunch}), and which (null: CCEMU_IMAGE, else ccemu). */
  private final boolean container;
  private final String image;
  private volatile CcemuInstance current;

  /** What {@code @ExtendWith(CcemuExtension.class)} makes: ccemu's defaults, one per class. */
  public CcemuExtension() {
    this(InstanceSettings.DEFAULTS, false, null, null, false, null);
  }

  CcemuExtension(InstanceSettings settings, boolean perTest, String command, Path directory,
      boolean container, String image) {
    this.settings = settings;
    this.perTest = perTest;
    this.command = command;
    this.directory = directory;
    this.container = container;
    this.image = image;
  }

  public static CcemuExtensionBuilder builder() {
    return new CcemuExtensionBuilder();
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (!perTest) current = instanceFor(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    // Also where a method-level or instance-field registration, which sees no beforeAll, starts.
    current = instanceFor(context);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Ccemu.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return instanceFor(context);
  }

  /**
   * The instance of the test class (or test) {@code context} belongs to, created on first need.
   * It lives in that context's store, which JUnit closes when the class (or test) ends: that
   * removes the instance from ccemu.
   */
  private CcemuInstance instanceFor(ExtensionContext context) {
    ExtensionContext scope = perTest ? context : classScope(context);
    // Keyed by extension and scope: a store also answers its parents' keys, and a per-test key
    // must not find the class's instance (nor one extension find another's).
    Key key = new Key(this, scope.getUniqueId());
    return scope.getStore(NAMESPACE).getOrComputeIfAbsent(key, k -> CcemuInstance.create(
        CcemuProcess.shared(LaunchCommand.resolve(command, directory, container, image)), settings),
        CcemuInstance.class);
  }

  /** The class a test (or a parameterized test's invocation) runs in. */
  private static ExtensionContext classScope(ExtensionContext context) {
    ExtensionContext scope = context;
    while (scope.getTestMethod().isPresent() && scope.getParent().isPresent()) {
      scope = scope.getParent().get();
    }
    return scope;
  }

  private record Key(CcemuExtension owner, String scope) {}

  private Ccemu current() {
    CcemuInstance instance = current;
    if (instance == null) {
      throw new IllegalStateException("no ccemu instance yet: the extension creates one before"
          + " its class's tests run (with perTest(), before each test). Register it with"
          + " @RegisterExtension and use it inside tests, or take a Ccemu parameter");
    }
    return instance;
  }

  @Override
  public String url() {
    return current().url();
  }

  @Override
  public String host() {
    return current().host();
  }

  @Override
  public int port() {
    return current().port();
  }

  @Override
  public String accessKeyId() {
    return current().accessKeyId();
  }

  @Override
  public String accessKeySecret() {
    return current().accessKeySecret();
  }

  @Override
  public String enterpriseId() {
    return current().enterpriseId();
  }

  @Override
  public HttpResponse<String> call(String method, String path, String body) {
    return current().call(method, path, body);
  }

  @Override
  public void advanceClock(Duration duration) {
    current().advanceClock(duration);
  }

  @Override
  public void setClock(Instant instant) {
    current().setClock(instant);
  }

  @Override
  public Instant now() {
    return current().now();
  }

  @Override
  public void reset() {
    current().reset();
  }

  @Override
  public String journalJson() {
    return current().journalJson();
  }

  @Override
  public java.util.List<JournalEntry> journal() {
    return current().journal();
  }

  @Override
  public VerifyResult verify(Verify verify) {
    return current().verify(verify);
  }

  @Override
  public String toString() {
    CcemuInstance instance = current;
    return "CcemuExtension(" + (instance == null ? "no instance yet" : instance) + ")";
  }
}
