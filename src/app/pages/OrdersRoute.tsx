import type { Order } from "@contract/orders";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import OrdersPage from "@/features/orders/components/OrdersPage";
import { orderAgain } from "../order-again";

/** /orders: the orders feature's list, with 'Order Again' on each card wired to the cart. */
export default function OrdersRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reorder = useCallback(
    (order: Order) => orderAgain(order, queryClient, (state) => navigate("/cart", { state })),
    [queryClient, navigate],
  );
  return <OrdersPage orderAgain={reorder} />;
}
