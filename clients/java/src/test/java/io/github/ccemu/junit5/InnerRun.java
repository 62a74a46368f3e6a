package io.github.ccemu.junit5;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs a test class with JUnit from inside a test, as a build would run it, and answers what
 * failed: how a failing extension shows up to the team whose tests use it. The classes run so are
 * guarded by {@link #PROPERTY}, so that neither the build nor an IDE runs them on their own.
 */
final class InnerRun {
  static final String PROPERTY = "ccemu.inner-run";

  private InnerRun() {}

  /** The failures of running {@code testClass}, in the order they happened. */
  static synchronized List<Throwable> failures(Class<?> testClass) {
    List<Throwable> failures = new ArrayList<>();
    TestExecutionListener listener = new TestExecutionListener() {
      @Override
      public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        result.getThrowable().ifPresent(failures::add);
      }
    };
    System.setProperty(PROPERTY, "true");
    try {
      Launcher launcher = LauncherFactory.create();
      launcher.execute(LauncherDiscoveryRequestBuilder.request()
          .selectors(selectClass(testClass)).build(), listener);
    } finally {
      System.clearProperty(PROPERTY);
    }
    return failures;
  }
}
