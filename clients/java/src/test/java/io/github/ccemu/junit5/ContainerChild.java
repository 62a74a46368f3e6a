package io.github.ccemu.junit5;

/** The child JVM of {@link ContainerKillTest}: ccemu's image started, its address printed, then wait. */
final class ContainerChild {
  private ContainerChild() {}

  public static void main(String[] args) throws InterruptedException {
    CcemuProcess process = CcemuProcess.shared(ContainerLaunch.launch(
        System.getenv(ContainerLaunch.IMAGE_ENV), System.getenv("PATH")));
    System.out.println(process.url());
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
